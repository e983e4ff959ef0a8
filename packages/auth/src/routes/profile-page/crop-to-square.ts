/** Side of the stored picture: ample for an avatar, and keeps uploads far below the 2 MB limit. */
const MAX_SIDE = 512;

/**
 * The largest centred square of the image, scaled down to at most 512 px, in the file's own type
 * (the spec's "cropped to fit"). Where the browser cannot decode images in script the file goes
 * up as it is; the server checks it either way.
 */
export async function cropToSquare(file: Blob): Promise<Blob> {
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file;
  }
  const side = Math.min(bitmap.width, bitmap.height);
  const out = Math.min(side, MAX_SIDE);
  const canvas = document.createElement('canvas');
  canvas.width = out;
  canvas.height = out;
  const context = canvas.getContext('2d');
  if (!context) return file;
  context.drawImage(bitmap, (bitmap.width - side) / 2, (bitmap.height - side) / 2, side, side, 0, 0, out, out);
  bitmap.close();
  const type = file.type === 'image/png' ? 'image/png' : 'image/jpeg';
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.9));
  return blob ?? file;
}

/** The largest picture accepted, exactly 2 MB: the server's limit too, so both sides agree on the boundary. */
export const PICTURE_MAX_BYTES = 2 * 1024 * 1024;

/** The spec's client checks ("JPG or PNG, under 2 MB"), read as at most 2 MB like the server. */
export function isAcceptablePicture(file: File): boolean {
  return (file.type === 'image/png' || file.type === 'image/jpeg') && file.size <= PICTURE_MAX_BYTES;
}
