// Drizzle queries of the roles module; every one runs inside a tenant transaction, so row-level
// security keeps another tenant's roles out of sight (an id from elsewhere is simply not found).
import { and, asc, eq, gt, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { roles, tenants } from '../kernel/db/schema.ts';
import type { Database } from '../kernel/db/types.ts';
import { present } from '../kernel/db/present.ts';
import { likePattern } from '../kernel/db/like.ts';

export type RoleRow = typeof roles.$inferSelect & { userCount: number };
export type RoleValues = Pick<typeof roles.$inferInsert, 'name' | 'description' | 'permissions' | 'status' | 'dialIn' | 'dialOut'>;

const userCount = sql<number>`(select count(*)::int from user_roles ur where ur.role_id = "roles"."id")`;

const columns = {
  id: roles.id,
  tenantId: roles.tenantId,
  name: roles.name,
  description: roles.description,
  permissions: roles.permissions,
  status: roles.status,
  dialIn: roles.dialIn,
  dialOut: roles.dialOut,
  builtIn: roles.builtIn,
  createdAt: roles.createdAt,
  userCount,
};


export type RoleFilter = { q?: string | undefined; after: { key: string; id: string } | null; limit: number };

export async function listRoles(tx: Database, tenantId: string, filter: RoleFilter): Promise<RoleRow[]> {
  const conditions: SQL[] = [eq(roles.tenantId, tenantId)];
  if (filter.q) conditions.push(present(or(ilike(roles.name, likePattern(filter.q)), ilike(roles.description, likePattern(filter.q))), 'the or() of its conditions'));
  if (filter.after) {
    const { key, id } = filter.after;
    conditions.push(present(or(gt(roles.name, key), and(eq(roles.name, key), gt(roles.id, id))), 'the or() of its conditions'));
  }
  return tx
    .select(columns)
    .from(roles)
    .where(and(...conditions))
    .orderBy(asc(roles.name), asc(roles.id))
    .limit(filter.limit);
}

export async function allRoles(tx: Database, tenantId: string): Promise<RoleRow[]> {
  return tx.select(columns).from(roles).where(eq(roles.tenantId, tenantId)).orderBy(asc(roles.name));
}

export async function findRole(tx: Database, tenantId: string, id: string): Promise<RoleRow | null> {
  const [row] = await tx
    .select(columns)
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.id, id)))
    .limit(1);
  return row ?? null;
}

export async function insertRole(tx: Database, tenantId: string, values: RoleValues): Promise<string> {
  const [row] = await tx
    .insert(roles)
    .values({ ...values, tenantId })
    .returning({ id: roles.id });
  return present(row, 'row').id;
}

export async function updateRoleRow(tx: Database, tenantId: string, id: string, values: Partial<RoleValues>): Promise<void> {
  if (Object.keys(values).length === 0) return;
  await tx
    .update(roles)
    .set(values)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.id, id)));
}

export async function setRoleStatus(tx: Database, tenantId: string, ids: readonly string[], status: 'enabled' | 'disabled'): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(roles)
    .set({ status })
    .where(and(eq(roles.tenantId, tenantId), inArray(roles.id, [...ids])));
}

/** Deletes roles; their user_roles links go with them (the foreign key cascades). */
export async function deleteRoleRows(tx: Database, tenantId: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.delete(roles).where(and(eq(roles.tenantId, tenantId), inArray(roles.id, [...ids])));
}

type DialFlags = { dialIn: boolean; dialOut: boolean };

/** The tenant's own dial in / dial out switches (null for a tenant out of sight). */
export async function tenantDialFlags(tx: Database, tenantId: string): Promise<DialFlags | null> {
  const [row] = await tx.select({ dialIn: tenants.dialIn, dialOut: tenants.dialOut }).from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  return row ?? null;
}

export async function existingTenantIds(tx: Database, ids: readonly string[]): Promise<Set<string>> {
  const rows = await tx
    .select({ id: tenants.id })
    .from(tenants)
    .where(inArray(tenants.id, [...ids]));
  return new Set(rows.map((r) => r.id));
}
