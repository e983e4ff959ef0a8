// A tenant's brand (spec 'Brand' tab of the tenant detail): its brand name (a tenants column),
// link, sign-in and registration texts and dial-in information, kept in `branding` under the keys
// getTenantInfo answers, and its images. PUT sets the texts as a whole (a text left out is
// cleared, a brand name left out is kept); PATCH changes the texts it names. An image's type comes
// from its bytes, never from the declared type, and it is only served at the URL stored for it.
import type { FileStore } from '../kernel/files/index.ts';
import { eq } from 'drizzle-orm';
import type { AppDatabase } from '../kernel/db/database.ts';
import { tenants, type TenantBranding } from '../kernel/db/schema.ts';
import type { Schemas } from '../kernel/http/api.ts';
import { apiPrefix } from '../kernel/http/openapi.ts';
import { ProblemError, fieldError, notFound } from '../kernel/http/problem.ts';
import { IMAGE_MAX_BYTES, contentTypeOfExt, detectImageType, type ImageType } from '../profile/index.ts';
import type { TenantRow } from '../kernel/tenancy/tenancy.ts';
import {
  brandImages,
  brandImageUrl,
  parseBrandImageFile,
  readBrandImage,
  removeBrandImage,
  withBrandImage,
  writeBrandImage,
  type BrandImageSlot,
} from './brand-images.ts';
import { changeBranding } from './branding.ts';
import type { TenantTarget } from './service.ts';

type TenantBrand = Schemas['TenantBrand'];
type TenantBrandInput = Schemas['TenantBrandInput'];

export const BRAND_AUDIT_ENTITY = 'tenant_brand';

export function toBrandDto(row: Pick<TenantRow, 'brandname' | 'branding'>): TenantBrand {
  const { branding } = row;
  return {
    brandname: row.brandname,
    brandUrl: branding.brandUrl ?? null,
    loginHeading: branding.text?.portal_login_heading ?? null,
    loginBody: branding.text?.portal_login_body ?? null,
    registerHeading: branding.text?.portal_register_heading ?? null,
    registerBody: branding.text?.portal_regiser_body ?? null,
    dialIn: branding.dialIn ?? null,
    images: brandImages(branding),
  };
}

// Surrounding spaces are dropped and an empty text means "none", so the portal shows its default.
const cleanText = (value: string | null) => value?.trim() || null;

/** `branding` with the input's texts; `whole` (PUT) clears the texts the input leaves out. */
function withTexts(branding: TenantBranding, input: TenantBrandInput, whole: boolean): TenantBranding {
  const text = (key: Exclude<keyof TenantBrandInput, 'brandname'>, current: string | null | undefined) => {
    const value = input[key];
    if (value !== undefined) return cleanText(value);
    return whole ? null : (current ?? null);
  };
  return {
    ...branding,
    brandUrl: text('brandUrl', branding.brandUrl),
    dialIn: text('dialIn', branding.dialIn),
    text: {
      ...branding.text,
      portal_login_heading: text('loginHeading', branding.text?.portal_login_heading),
      portal_login_body: text('loginBody', branding.text?.portal_login_body),
      portal_register_heading: text('registerHeading', branding.text?.portal_register_heading),
      portal_regiser_body: text('registerBody', branding.text?.portal_regiser_body),
    },
  };
}

export function getBrand(target: TenantTarget): TenantBrand {
  return toBrandDto(target.row);
}

export async function saveBrandTexts(database: AppDatabase, target: TenantTarget, input: TenantBrandInput, whole: boolean): Promise<TenantBrand> {
  return changeBranding(database, target, {
    entity: BRAND_AUDIT_ENTITY,
    view: toBrandDto,
    change: (row) => ({
      ...(input.brandname !== undefined ? { brandname: input.brandname.trim() } : {}),
      branding: withTexts(row.branding, input, whole),
    }),
  });
}

export async function uploadBrandImage(database: AppDatabase, target: TenantTarget, files: FileStore, slot: BrandImageSlot, bytes: Buffer): Promise<TenantBrand> {
  if (bytes.length > IMAGE_MAX_BYTES) throw new ProblemError(413, 'file_too_large', { detail: 'A brand image may be at most 2 MB' });
  const type = detectImageType(bytes);
  if (!type) throw fieldError('body', 'invalid_image', 'Send a JPG or PNG image');
  await writeBrandImage(files, target.row.id, slot, type.ext, bytes);
  const url = brandImageUrl(target.row.id, slot, type.ext);
  return changeBranding(database, target, {
    entity: BRAND_AUDIT_ENTITY,
    view: toBrandDto,
    change: (row) => ({ branding: withBrandImage(row.branding, slot, url) }),
  });
}

export async function deleteBrandImage(database: AppDatabase, target: TenantTarget, files: FileStore, slot: BrandImageSlot): Promise<TenantBrand> {
  const brand = await changeBranding(database, target, {
    entity: BRAND_AUDIT_ENTITY,
    view: toBrandDto,
    change: (row) => ({ branding: withBrandImage(row.branding, slot, null) }),
  });
  await removeBrandImage(files, target.row.id, slot);
  return brand;
}

// Stored URLs carry the tenant id in its canonical form; the path's uuid format also admits capitals
// and a `urn:uuid:` prefix, which must answer 404 rather than reach the tenant transaction.
const canonicalId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * A brand image by its versioned file name, for anyone: the sign-in page shows it before anyone
 * signs in. Only the file whose URL the tenant's brand holds right now is served; an old version's
 * URL, a guessed one or another tenant's name for it is a 404.
 */
export async function loadBrandImage(
  database: AppDatabase,
  files: FileStore,
  tenantId: string,
  file: string,
): Promise<{ bytes: Buffer; contentType: ImageType['contentType'] }> {
  const parsed = parseBrandImageFile(file);
  if (!parsed || !canonicalId.test(tenantId)) throw notFound();
  // Read in that tenant's own transaction (its row-level security), whichever host asked: the
  // platform administrator's screens show every tenant's brand from the system host.
  const [row] = await database.withTenant(tenantId, (tx) => tx.select({ branding: tenants.branding }).from(tenants).where(eq(tenants.id, tenantId)).limit(1));
  if (!row || brandImages(row.branding)[parsed.slot] !== `${apiPrefix}/brand-images/${tenantId}/${file}`) throw notFound();
  const bytes = await readBrandImage(files, tenantId, parsed.slot, parsed.ext);
  if (!bytes) throw notFound();
  return { bytes, contentType: contentTypeOfExt(parsed.ext) };
}
