// The contract's brand image rules (openapi/portal.yaml uploadBrandImage), checked before the
// upload so a wrong file is refused without sending megabytes.
export const BRAND_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const BRAND_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;

export type BrandImageProblem = 'type' | 'size';

/** Why a file cannot be a brand image (not PNG or JPEG, or over 2 MB), or null when it can. */
export function brandImageProblem(file: Pick<Blob, 'type' | 'size'>): BrandImageProblem | null {
  if (!(BRAND_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > BRAND_IMAGE_MAX_BYTES) return 'size';
  return null;
}
