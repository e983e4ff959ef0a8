// A tenant's brand images in the file store, `brand/<tenant>/<slot>.<ext>`, one file per
// slot, and where each slot's URL is kept in the tenant's `branding` (the places getTenantInfo
// already reads, so the sign-in page shows an upload at once). The URL carries a random version
// like a profile picture's: a new upload gets a new URL, so each one may be cached for good.
import type { TenantBranding } from '../kernel/db/schema.ts';
import type { FileStore } from '../kernel/files/index.ts';
import type { Schemas } from '../kernel/http/api.ts';
import { apiPrefix } from '../kernel/http/openapi.ts';
import type { ImageType } from '../profile/index.ts';
import { imageVersion, readImageFile, removeImageFiles, writeImageFile } from '../profile/index.ts';

export type BrandImageSlot = Schemas['BrandImageSlot'];
export type BrandImages = Schemas['TenantBrand']['images'];

const brandDir = (tenantId: string) => `brand/${tenantId}`;

export function brandImageUrl(tenantId: string, slot: BrandImageSlot, ext: ImageType['ext']): string {
  return `${apiPrefix}/brand-images/${tenantId}/${slot}-${imageVersion()}.${ext}`;
}

const fileName = /^(logoDark|logoWhite|favicon|portalBackground|landingBackground)-[a-f0-9]{16}\.(png|jpg)$/;

/** The slot and type a versioned file name of ours names, or null. */
export function parseBrandImageFile(file: string): { slot: BrandImageSlot; ext: ImageType['ext'] } | null {
  const match = fileName.exec(file);
  return match ? { slot: match[1] as BrandImageSlot, ext: match[2] as ImageType['ext'] } : null;
}

export function brandImages(branding: TenantBranding): BrandImages {
  return {
    logoDark: branding.logos?.logoDark ?? null,
    logoWhite: branding.logos?.logoWhite ?? null,
    favicon: branding.logos?.favicon ?? null,
    portalBackground: branding.backgroundImages?.portal ?? null,
    landingBackground: branding.backgroundImages?.landing ?? null,
  };
}

/** `branding` with the URL of `slot` replaced (null: no image). */
export function withBrandImage(branding: TenantBranding, slot: BrandImageSlot, url: string | null): TenantBranding {
  if (slot === 'portalBackground') return { ...branding, backgroundImages: { ...branding.backgroundImages, portal: url } };
  if (slot === 'landingBackground') return { ...branding, backgroundImages: { ...branding.backgroundImages, landing: url } };
  return { ...branding, logos: { ...branding.logos, [slot]: url } };
}

export async function writeBrandImage(files: FileStore, tenantId: string, slot: BrandImageSlot, ext: ImageType['ext'], bytes: Buffer): Promise<void> {
  await writeImageFile(files, brandDir(tenantId), slot, ext, bytes);
}

export async function removeBrandImage(files: FileStore, tenantId: string, slot: BrandImageSlot): Promise<void> {
  await removeImageFiles(files, brandDir(tenantId), slot);
}

export async function readBrandImage(files: FileStore, tenantId: string, slot: BrandImageSlot, ext: ImageType['ext']): Promise<Buffer | null> {
  return readImageFile(files, brandDir(tenantId), slot, ext);
}

/** Every brand image of a deleted tenant. */
export async function removeTenantBrandImages(files: FileStore, tenantId: string): Promise<void> {
  await files.removePrefix(brandDir(tenantId));
}
