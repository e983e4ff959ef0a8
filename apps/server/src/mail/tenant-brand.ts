// The tenant's name, logo and colour for the mails it sends (sign-up, reset, invitation, email
// change), so every mail of one tenant looks the same.
import { eq } from 'drizzle-orm';
import { tenants } from '../kernel/db/schema.ts';
import type { Database } from '../kernel/db/types.ts';
import type { AccountMailInput } from './templates.ts';

export type TenantMailBrand = Pick<AccountMailInput, 'brandname' | 'branding'>;

/** `origin`: the base URL of the mail's links, which a logo stored on this server is served from. */
export async function tenantMailBrand(tx: Database, tenantId: string, origin: string): Promise<TenantMailBrand> {
  const [row] = await tx
    .select({ name: tenants.name, brandname: tenants.brandname, branding: tenants.branding })
    .from(tenants)
    .where(eq(tenants.id, tenantId))
    .limit(1);
  // Mails have a light background: the logo meant for light backgrounds. A stored file path becomes absolute.
  const logo = row?.branding.logos?.logoDark ?? row?.branding.logos?.logoWhite ?? null;
  const logoUrl = logo?.startsWith('/') ? `${origin}${logo}` : logo;
  return {
    brandname: row?.brandname || row?.name || 'Portal',
    branding: { logoUrl, primaryColor: row?.branding.themeLite?.primary ?? null },
  };
}
