// Drizzle queries of the developer clients module; all run in the caller's tenant transaction, so
// row-level security hides other tenants' clients.
import { and, asc, eq, gt, ilike, or, type SQL } from 'drizzle-orm';
import { devClients, roles, sessions } from '../kernel/db/schema.ts';
import type { Database } from '../kernel/db/types.ts';
import type { KeysetPosition } from '../kernel/db/keyset.ts';
import { present } from '../kernel/db/present.ts';
import { likePattern } from '../kernel/db/like.ts';

export type DevClientRow = Omit<typeof devClients.$inferSelect, 'secretHash'> & { roleName: string };
export type DevClientValues = Omit<typeof devClients.$inferInsert, 'id' | 'tenantId' | 'createdAt'>;

// The secret hash is never selected: nothing outside the sign-in check needs it.
const columns = {
  id: devClients.id,
  tenantId: devClients.tenantId,
  name: devClients.name,
  clientId: devClients.clientId,
  roleId: devClients.roleId,
  status: devClients.status,
  redirectUris: devClients.redirectUris,
  webOrigins: devClients.webOrigins,
  createdAt: devClients.createdAt,
  roleName: roles.name,
};


export async function listDevClients(tx: Database, filter: { q?: string | undefined; after: KeysetPosition | null; limit: number }): Promise<DevClientRow[]> {
  const conditions: SQL[] = [];
  if (filter.q) conditions.push(present(or(ilike(devClients.name, likePattern(filter.q)), ilike(devClients.clientId, likePattern(filter.q))), 'the or() of its conditions'));
  if (filter.after) {
    const { key, id } = filter.after;
    conditions.push(present(or(gt(devClients.name, key), and(eq(devClients.name, key), gt(devClients.id, id))), 'the or() of its conditions'));
  }
  return tx
    .select(columns)
    .from(devClients)
    .innerJoin(roles, eq(roles.id, devClients.roleId))
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(asc(devClients.name), asc(devClients.id))
    .limit(filter.limit);
}

export async function findDevClient(tx: Database, id: string): Promise<DevClientRow | null> {
  const [row] = await tx.select(columns).from(devClients).innerJoin(roles, eq(roles.id, devClients.roleId)).where(eq(devClients.id, id)).limit(1);
  return row ?? null;
}

export async function insertDevClient(tx: Database, tenantId: string, values: DevClientValues): Promise<string> {
  const [row] = await tx
    .insert(devClients)
    .values({ ...values, tenantId })
    .returning({ id: devClients.id });
  return present(row, 'row').id;
}

export async function updateDevClientRow(tx: Database, id: string, values: Partial<DevClientValues>): Promise<void> {
  if (Object.keys(values).length === 0) return;
  await tx.update(devClients).set(values).where(eq(devClients.id, id));
}

export async function deleteDevClientRow(tx: Database, id: string): Promise<void> {
  await tx.delete(devClients).where(eq(devClients.id, id));
}

/** Ends every bearer token of the client (its sessions), e.g. when its secret is replaced. */
export async function endClientSessions(tx: Database, devClientId: string): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.devClientId, devClientId));
}
