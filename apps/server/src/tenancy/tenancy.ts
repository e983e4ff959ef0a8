// The tenant (realm) of a request comes from its host: the first label when the host has more
// than two labels (`acme.portal.example` → acme), else `system` (`localhost`, `portal.example`).
// IP addresses have no realm label and always mean `system`.
import { eq } from 'drizzle-orm';
import { isIP } from 'node:net';
import type { AppDatabase } from '../db/database.ts';
import { tenants } from '../db/schema.ts';

export const systemRealm = 'system';

export function normaliseHostname(hostname: string): string {
  return hostname.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
}

export function realmFromHost(hostname: string): string {
  const host = normaliseHostname(hostname);
  if (isIP(host)) return systemRealm;
  const labels = host.split('.');
  return labels.length > 2 && labels[0] ? labels[0] : systemRealm;
}

/** The host a developer runs the portal on; only there may a request name its tenant itself. */
export function isLocalDevelopmentHost(hostname: string): boolean {
  return ['localhost', '127.0.0.1', '::1'].includes(normaliseHostname(hostname));
}

export type TenantRow = typeof tenants.$inferSelect;

/** An active tenant by short name, or null (unknown and disabled tenants look the same: 404). */
export async function findActiveTenant(database: AppDatabase, sname: string): Promise<TenantRow | null> {
  const [row] = await database.withPlatform((tx) => tx.select().from(tenants).where(eq(tenants.sname, sname.toLowerCase())).limit(1));
  return row && row.status === 'active' ? row : null;
}
