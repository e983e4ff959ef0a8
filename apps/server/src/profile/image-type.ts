// A picture's type is read from its first bytes: the Content-Type header is whatever the caller
// claims, and a "PNG" that is really HTML or SVG must never be stored and served back.
/** 2 MB, the spec's limit for an uploaded image (a profile picture, a brand logo or background). */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;

export type ImageType = { ext: 'png' | 'jpg'; contentType: 'image/png' | 'image/jpeg' };

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function detectImageType(bytes: Buffer): ImageType | null {
  if (bytes.length > pngSignature.length && bytes.subarray(0, pngSignature.length).equals(pngSignature)) {
    return { ext: 'png', contentType: 'image/png' };
  }
  // JPEG: SOI marker followed by the start of another marker.
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return { ext: 'jpg', contentType: 'image/jpeg' };
  }
  return null;
}

export const contentTypeOfExt = (ext: string): ImageType['contentType'] => (ext === 'png' ? 'image/png' : 'image/jpeg');
