// The brand, theme and meeting-app parts of the tenants fake (openapi/portal.yaml
// /tenants/{tenantId}/brand, /theme and /clients) and the tenant info built from them, checking
// bodies the way the contract does so stories see the server's refusals.
import type { Schema } from '@portal/api-client';
import { operationAmong } from '@portal/auth/testing';
import { json, problem } from './fake-responses';

type Tenant = Schema<'Tenant'>;
type TenantBrand = Schema<'TenantBrand'>;
type TenantClient = Schema<'TenantClient'>;
type TenantInfo = Schema<'TenantInfo'>;
type BrandImageSlot = Schema<'BrandImageSlot'>;

export type FakeThemeColors = Record<string, string>;

/** The operations this fake answers, by the contract's operationId. */
const BRANDING_OPERATIONS = ['getBrands', 'addBrand', 'updateBrand', 'uploadBrandImage', 'deleteBrandImage', 'getTenantTheme', 'updateTenantTheme', 'getTenantClients', 'updateTenantClient'] as const;
export type FakeBrandingOperation = (typeof BRANDING_OPERATIONS)[number];

/** Some of a brand's texts and images; what is left out comes from the tenant or is empty. */
export type FakeBrandOverrides = Partial<Omit<TenantBrand, 'images'>> & { images?: Partial<TenantBrand['images']> };

export type FakeBrandingOptions = {
  /** Brand texts and images by tenant id. */
  brands?: Record<string, FakeBrandOverrides>;
  /** Light theme colours by tenant id; a tenant not listed has the default theme. */
  themes?: Record<string, FakeThemeColors>;
  /** Meeting apps by tenant id; a tenant not listed has one web, two mobile and two desktop apps. */
  tenantClients?: Record<string, TenantClient[]>;
};

/** A 1×1 PNG as a data URL: a brand image URL that shows in Storybook without a server. */
export const FAKE_IMAGE_URL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
const SLOTS: readonly BrandImageSlot[] = ['logoDark', 'logoWhite', 'favicon', 'portalBackground', 'landingBackground'];
const URL_PATTERN = /^https?:\/\/[^\s/]+[^\s]*$/;
const COLOR_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
const COLOR =
  /^\s*(#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{4}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})|rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\))\s*$/;

const clientId = (n: number) => `00000000-0000-4000-8000-c11e${String(n).padStart(8, '0')}`;

export function fakeTenantClient(n: number, overrides: Partial<TenantClient> = {}): TenantClient {
  return { id: clientId(n), name: `Meeting app ${n}`, kind: 'mobile', version: '3.0.0', minVersion: null, maxVersion: null, status: 'enabled', ...overrides };
}

const defaultClients = (): TenantClient[] => [
  fakeTenantClient(1, { name: 'Web portal', kind: 'web' }),
  fakeTenantClient(2, { name: 'Android', kind: 'mobile', version: '3.2.0', minVersion: '3.0', maxVersion: '3.9.9' }),
  fakeTenantClient(3, { name: 'iOS', kind: 'mobile', version: '3.1.4', status: 'disabled' }),
  fakeTenantClient(4, { name: 'Windows', kind: 'desktop', version: '1.8.0', minVersion: '1.5' }),
  fakeTenantClient(5, { name: 'macOS', kind: 'desktop', version: '1.8.1' }),
];

export function fakeBrand(tenant: Pick<Tenant, 'brandname'>, overrides: FakeBrandOverrides = {}): TenantBrand {
  return {
    brandname: tenant.brandname,
    brandUrl: null,
    loginHeading: null,
    loginBody: null,
    registerHeading: null,
    registerBody: null,
    dialIn: null,
    ...overrides,
    images: { logoDark: null, logoWhite: null, favicon: null, portalBackground: null, landingBackground: null, ...overrides.images },
  };
}

export function brandingOperationOf(method: string, path: string): FakeBrandingOperation | undefined {
  return operationAmong(BRANDING_OPERATIONS, method, path);
}

/** An uploaded image as the fake stores it: its declared type and bytes. */
export type FakeUpload = { contentType: string | null; bytes: Uint8Array };

function dataUrl({ contentType, bytes }: FakeUpload): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:${contentType};base64,${btoa(binary)}`;
}

const isPng = (b: Uint8Array) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47;
const isJpeg = (b: Uint8Array) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;

function brandErrors(input: Record<string, unknown>): Array<{ field: string; code: string }> {
  const errors: Array<{ field: string; code: string }> = [];
  const name = input.brandname;
  if (name !== undefined && (typeof name !== 'string' || !/\S/.test(name) || name.length > 100)) errors.push({ field: 'brandname', code: 'invalid_value' });
  const url = input.brandUrl;
  if (url !== undefined && url !== null && (typeof url !== 'string' || !URL_PATTERN.test(url))) errors.push({ field: 'brandUrl', code: 'invalid_url' });
  return errors;
}

function isTheme(lite: unknown): lite is FakeThemeColors {
  if (!lite || typeof lite !== 'object' || Array.isArray(lite)) return false;
  const entries = Object.entries(lite);
  return entries.length <= 100 && entries.every(([name, value]) => COLOR_NAME.test(name) && typeof value === 'string' && COLOR.test(value));
}

export function createFakeBranding(options: FakeBrandingOptions = {}) {
  const brands = new Map<string, TenantBrand>();
  const themes = new Map<string, FakeThemeColors>(Object.entries(options.themes ?? {}));
  const clients = new Map<string, TenantClient[]>(Object.entries(options.tenantClients ?? {}));

  const brandOf = (tenant: Tenant) => {
    let brand = brands.get(tenant.id);
    if (!brand) {
      brand = fakeBrand(tenant, options.brands?.[tenant.id]);
      brands.set(tenant.id, brand);
    }
    return brand;
  };
  const clientsOf = (tenant: Tenant) => {
    let list = clients.get(tenant.id);
    if (!list) {
      list = defaultClients();
      clients.set(tenant.id, list);
    }
    return list;
  };

  function handle(operation: FakeBrandingOperation, tenant: Tenant, path: string, body: unknown): Response {
    switch (operation) {
      case 'getBrands':
        return json(200, brandOf(tenant));
      case 'addBrand':
      case 'updateBrand': {
        const input = body as Record<string, unknown>;
        const errors = brandErrors(input);
        if (errors.length > 0) return problem(400, 'validation_failed', errors);
        const brand = brandOf(tenant);
        const texts = operation === 'addBrand' ? { ...fakeBrand(tenant), ...input } : input;
        Object.assign(brand, texts, { images: brand.images });
        if (typeof input.brandname === 'string') tenant.brandname = input.brandname;
        return json(200, brand);
      }
      case 'uploadBrandImage':
      case 'deleteBrandImage': {
        const slot = path.split('/').at(-1) as BrandImageSlot;
        if (!SLOTS.includes(slot)) return problem(400, 'validation_failed', [{ field: 'slot', code: 'invalid_value' }]);
        const brand = brandOf(tenant);
        if (operation === 'deleteBrandImage') {
          brand.images[slot] = null;
          return json(200, brand);
        }
        const upload = body as FakeUpload;
        if (upload.contentType !== 'image/png' && upload.contentType !== 'image/jpeg') return problem(415, 'unsupported_media_type');
        if (upload.bytes.length > MAX_IMAGE_BYTES) return problem(413, 'file_too_large');
        if (!isPng(upload.bytes) && !isJpeg(upload.bytes)) return problem(400, 'invalid_image');
        brand.images[slot] = dataUrl(upload);
        return json(200, brand);
      }
      case 'getTenantTheme':
        return json(200, { lite: themes.get(tenant.id) ?? {} });
      case 'updateTenantTheme': {
        const lite = (body as { lite?: unknown } | null)?.lite;
        if (!isTheme(lite)) return problem(400, 'validation_failed', [{ field: 'lite', code: 'invalid_theme' }]);
        themes.set(tenant.id, lite);
        return json(200, { lite });
      }
      case 'getTenantClients':
        return json(200, { items: clientsOf(tenant) });
      case 'updateTenantClient': {
        const client = clientsOf(tenant).find((c) => c.id === path.split('/').at(-1));
        if (!client) return problem(404, 'not_found');
        Object.assign(client, body);
        return json(200, client);
      }
    }
  }

  /** What POST /tenant-info answers for `tenant`: its brand and theme in the tenant-info shape. */
  function tenantInfo(tenant: Tenant): TenantInfo {
    const brand = brandOf(tenant);
    return {
      sname: tenant.sname,
      brandname: brand.brandname,
      // As the server: the tenant's own; the fake platform has no saved language of its own (English).
      defaultLanguage: tenant.defaultLanguage ?? 'en',
      brandUrl: brand.brandUrl,
      logos: { logoDark: brand.images.logoDark, logoWhite: brand.images.logoWhite, favicon: brand.images.favicon },
      text: {
        portal_login_heading: brand.loginHeading,
        portal_login_body: brand.loginBody,
        portal_register_heading: brand.registerHeading,
        portal_regiser_body: brand.registerBody,
      },
      signup: { normal: tenant.signupNormal, social: tenant.signupSocial },
      backgroundImages: { portal: brand.images.portalBackground },
      dial_in: brand.dialIn,
      theme: { lite: themes.get(tenant.id) ?? {} },
      localDevelopment: false,
      // As the server with no saved system section: open, and no support address.
      maintenance: false,
      supportEmail: null,
    };
  }

  return { handle, tenantInfo };
}
