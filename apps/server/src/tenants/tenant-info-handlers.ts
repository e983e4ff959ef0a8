// The tenant serving this host (its branding, public) and the tenant list (the super
// administrator sees every tenant, anyone else only their own).
import { decodeCursorValue, encodeCursorValue, pageOf } from '../kernel/db/keyset.ts';
import type { Database } from '../kernel/db/types.ts';
import type { JsonResponse } from '../kernel/http/api.ts';
import type { OperationHandlers, OperationRequest } from '../kernel/http/handler.ts';
import { fieldError, notFound } from '../kernel/http/problem.ts';
import { closedByMaintenance, savedSystemSettings, type SavedSystemSettings } from '../settings/index.ts';
import { defaultFeatures } from './defaults.ts';
import { tenantDefaultLanguage, type PortalLanguage } from './language.ts';
import { listTenantRows } from './queries.ts';
import { isPlatformAdmin } from '../kernel/tenancy/platform-admin.ts';
import { findActiveTenant, isLocalDevelopmentHost, type TenantRow } from '../kernel/tenancy/tenancy.ts';

/** What the login page needs of the platform's system settings besides the language. */
export type PlatformNotice = Pick<SavedSystemSettings, 'maintenanceMode' | 'supportEmail' | 'appLinks'>;

/** The platform's app links this tenant offers: the desktop clients with its `desktop_client` feature, the mobile apps with `mobile_app`. */
function offeredAppLinks(tenant: TenantRow, links: SavedSystemSettings['appLinks']): SavedSystemSettings['appLinks'] {
  const on = (feature: string) => tenant.features[feature] ?? defaultFeatures[feature] ?? false;
  const desktop = on('desktop_client');
  const mobile = on('mobile_app');
  return { windows: desktop ? links.windows : null, mac: desktop ? links.mac : null, android: mobile ? links.android : null, ios: mobile ? links.ios : null };
}

export function tenantInfo(
  tenant: TenantRow,
  localDevelopment: boolean,
  defaultLanguage: PortalLanguage,
  platform: PlatformNotice,
): JsonResponse<'getTenantInfo', 200> {
  const { branding } = tenant;
  return {
    sname: tenant.sname,
    brandname: tenant.brandname,
    defaultLanguage,
    // The login page's notice: the gate answers 503 `maintenance` to everything else here (app/routes.ts).
    maintenance: closedByMaintenance(platform, tenant.sname),
    supportEmail: platform.supportEmail,
    brandUrl: branding.brandUrl ?? null,
    logos: {
      logoDark: branding.logos?.logoDark ?? null,
      logoWhite: branding.logos?.logoWhite ?? null,
      favicon: branding.logos?.favicon ?? null,
    },
    text: {
      portal_login_heading: branding.text?.portal_login_heading ?? null,
      portal_login_body: branding.text?.portal_login_body ?? null,
      portal_register_heading: branding.text?.portal_register_heading ?? null,
      portal_regiser_body: branding.text?.portal_regiser_body ?? null,
    },
    signup: { normal: tenant.signupNormal, social: tenant.signupSocial },
    backgroundImages: { portal: branding.backgroundImages?.portal ?? null, landing: branding.backgroundImages?.landing ?? null },
    dial_in: branding.dialIn ?? null,
    appLinks: offeredAppLinks(tenant, platform.appLinks),
    theme: { lite: branding.themeLite ?? {} },
    localDevelopment,
  };
}

async function getTenantInfo(request: OperationRequest<'getTenantInfo'>): Promise<JsonResponse<'getTenantInfo', 200>> {
  const { body, ctx, server } = request;
  const local = isLocalDevelopmentHost(request.hostname);
  // Elsewhere the host alone decides the tenant: a page on acme's domain must never show globex's branding.
  const sname = local && body?.sname ? body.sname : ctx.tenant.sname;
  const tenant = await findActiveTenant(server.database, sname);
  if (!tenant) throw notFound();
  const platform = await savedSystemSettings(server.database);
  return tenantInfo(tenant, local, await tenantDefaultLanguage(server.database, tenant), platform);
}

type TenantCursor = { sname: string };

function decodeCursor(cursor: string | undefined): TenantCursor | null {
  if (!cursor) return null;
  const value = decodeCursorValue(cursor);
  if (value && typeof value === 'object' && typeof (value as TenantCursor).sname === 'string') return value as TenantCursor;
  throw fieldError('cursor', 'invalid_value');
}

async function getTenants(request: OperationRequest<'getTenants'>): Promise<JsonResponse<'getTenants', 200>> {
  const { query, ctx, server } = request;
  const limit = query.limit ?? 25;
  const after = decodeCursor(query.cursor);
  const platformWide = isPlatformAdmin(request);
  const filter = { onlyTenantId: platformWide ? null : ctx.tenant.id, q: query.q?.trim(), afterSname: after?.sname ?? null, limit };
  const select = (tx: Database) => listTenantRows(tx, filter);
  const rows = platformWide ? await server.database.withPlatform(select) : await ctx.db(select);
  const { page, nextCursor } = pageOf(rows, limit, (last) => encodeCursorValue({ sname: last.sname } satisfies TenantCursor));
  return { items: page, nextCursor };
}

export const tenancyHandlers = { getTenantInfo, getTenants } satisfies OperationHandlers;
