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

/**
 * Every request resolves its tenant, so the answer is kept for a few seconds per database: on the
 * single PGlite connection this lookup was a whole transaction per request. A change to a tenant
 * made in this process calls `forgetTenant`; other replicas see it within `tenantCacheMs`.
 */
export const tenantCacheMs = 5_000;
const tenantCache = new WeakMap<AppDatabase, Map<string, { row: TenantRow | null; until: number }>>();

/** An active tenant by short name, or null (unknown and disabled tenants look the same: 404). */
export async function findActiveTenant(database: AppDatabase, sname: string): Promise<TenantRow | null> {
  const key = sname.toLowerCase();
  let cache = tenantCache.get(database);
  if (!cache) tenantCache.set(database, (cache = new Map()));
  const hit = cache.get(key);
  if (hit && hit.until > Date.now()) return hit.row;
  const [row] = await database.withPlatform((tx) => tx.select().from(tenants).where(eq(tenants.sname, key)).limit(1));
  const active = row && row.status === 'active' ? row : null;
  cache.set(key, { row: active, until: Date.now() + tenantCacheMs });
  return active;
}

/** Drops a cached tenant after it changed (disabled, deleted, renamed) so the change applies at once. */
export function forgetTenant(database: AppDatabase, sname: string): void {
  tenantCache.get(database)?.delete(sname.toLowerCase());
}
