// Drizzle queries of the media clients module. Reads across tenants run in a platform
// transaction (super administrator only); writes run in the owning tenant's transaction, so
// row-level security checks that the row lands in, and stays in, that tenant.
import { and, asc, eq, gt, ilike, or, type SQL } from 'drizzle-orm';
import type { KeysetPosition } from '../kernel/db/keyset.ts';
import { mediaClients, tenants } from '../kernel/db/schema.ts';
import type { Database } from '../kernel/db/types.ts';
import { present } from '../kernel/db/present.ts';
import { likePattern } from '../kernel/db/like.ts';

export type MediaClientRow = typeof mediaClients.$inferSelect & { tenantName: string };
export type MediaClientValues = Omit<typeof mediaClients.$inferInsert, 'id' | 'tenantId' | 'createdAt'>;

const columns = {
  id: mediaClients.id,
  tenantId: mediaClients.tenantId,
  name: mediaClients.name,
  kind: mediaClients.kind,
  version: mediaClients.version,
  minVersion: mediaClients.minVersion,
  maxVersion: mediaClients.maxVersion,
  iceTransportPolicy: mediaClients.iceTransportPolicy,
  bundlePolicy: mediaClients.bundlePolicy,
  iceServers: mediaClients.iceServers,
  appServer: mediaClients.appServer,
  webOrigins: mediaClients.webOrigins,
  redirectUris: mediaClients.redirectUris,
  status: mediaClients.status,
  createdAt: mediaClients.createdAt,
  tenantName: tenants.name,
};


export type ListFilter = { q?: string | undefined; tenantId?: string | undefined; after: KeysetPosition | null; limit: number };

export async function listMediaClients(tx: Database, filter: ListFilter): Promise<MediaClientRow[]> {
  const conditions: SQL[] = [];
  if (filter.q) conditions.push(ilike(mediaClients.name, likePattern(filter.q)));
  if (filter.tenantId) conditions.push(eq(mediaClients.tenantId, filter.tenantId));
  if (filter.after) {
    const { key, id } = filter.after;
    conditions.push(present(or(gt(mediaClients.name, key), and(eq(mediaClients.name, key), gt(mediaClients.id, id))), 'the or() of its conditions'));
  }
  return tx
    .select(columns)
    .from(mediaClients)
    .innerJoin(tenants, eq(tenants.id, mediaClients.tenantId))
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(asc(mediaClients.name), asc(mediaClients.id))
    .limit(filter.limit);
}

/** Every client of one tenant, by name: a handful (web, mobile, desktop), so the tenant screen lists them whole. */
export async function tenantMediaClients(tx: Database, tenantId: string): Promise<MediaClientRow[]> {
  return tx
    .select(columns)
    .from(mediaClients)
    .innerJoin(tenants, eq(tenants.id, mediaClients.tenantId))
    .where(eq(mediaClients.tenantId, tenantId))
    .orderBy(asc(mediaClients.name), asc(mediaClients.id));
}

export async function findMediaClient(tx: Database, id: string): Promise<MediaClientRow | null> {
  const [row] = await tx.select(columns).from(mediaClients).innerJoin(tenants, eq(tenants.id, mediaClients.tenantId)).where(eq(mediaClients.id, id)).limit(1);
  return row ?? null;
}

export async function insertMediaClient(tx: Database, tenantId: string, values: MediaClientValues): Promise<string> {
  const [row] = await tx
    .insert(mediaClients)
    .values({ ...values, tenantId })
    .returning({ id: mediaClients.id });
  return present(row, 'row').id;
}

export async function updateMediaClientRow(tx: Database, tenantId: string, id: string, values: Partial<MediaClientValues>): Promise<void> {
  if (Object.keys(values).length === 0) return;
  await tx
    .update(mediaClients)
    .set(values)
    .where(and(eq(mediaClients.tenantId, tenantId), eq(mediaClients.id, id)));
}

export async function deleteMediaClientRow(tx: Database, tenantId: string, id: string): Promise<void> {
  await tx.delete(mediaClients).where(and(eq(mediaClients.tenantId, tenantId), eq(mediaClients.id, id)));
}

export async function findTenant(tx: Database, id: string): Promise<{ id: string; name: string } | null> {
  const [row] = await tx.select({ id: tenants.id, name: tenants.name }).from(tenants).where(eq(tenants.id, id)).limit(1);
  return row ?? null;
}
