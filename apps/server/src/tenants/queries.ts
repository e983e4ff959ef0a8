// Reads and writes of tenant rows. Callers choose the transaction: the platform one for the super
// administrator's work across tenants, the tenant's own one otherwise (row-level security on
// `tenants` shows a tenant only its own row).
import { and, asc, eq, gt, ilike, or, sql } from 'drizzle-orm';
import { likePattern } from '../kernel/db/like.ts';
import { tenants } from '../kernel/db/schema.ts';
import type { Database } from '../kernel/db/types.ts';
import type { TenantRow } from '../kernel/tenancy/tenancy.ts';

export type TenantAdmin = { id: string; name: string; email: string };

/**
 * Plain SQL with aliases: drizzle writes columns unqualified inside a select list, which is
 * ambiguous in a correlated subquery (every table here has an `id`).
 * The tenant's first tenant administrator (the one created with the tenant, unless removed), as a
 * correlated subquery on `tenants.id` so a list page reads its admins in the same statement.
 */
export const tenantAdminColumn = sql<TenantAdmin | string | null>`(
  select json_build_object('id', u.id, 'email', u.email, 'name', trim(u.first_name || ' ' || u.last_name))
  from users u
  join user_roles ur on ur.user_id = u.id
  join roles r on r.id = ur.role_id
  where u.tenant_id = "tenants"."id" and r.name = 'tenantadmin'
  order by u.created_at, u.id
  limit 1
)`;

/** Drivers hand json back parsed (postgres.js) or as text (some PGlite setups): accept both. */
export function parseAdmin(value: TenantAdmin | string | null | undefined): TenantAdmin | null {
  if (!value) return null;
  return typeof value === 'string' ? (JSON.parse(value) as TenantAdmin) : value;
}

export type TenantWithAdmin = { row: TenantRow; admin: TenantAdmin | null };

export async function findTenant(tx: Database, id: string): Promise<TenantWithAdmin | null> {
  const [found] = await tx.select({ row: tenants, admin: tenantAdminColumn }).from(tenants).where(eq(tenants.id, id)).limit(1);
  return found ? { row: found.row, admin: parseAdmin(found.admin) } : null;
}

/** Which tenants a list page shows: one tenant or all (`onlyTenantId` null), matching `q` in name or sname, after a cursor's sname. */
export type TenantListFilter = { onlyTenantId: string | null; q: string | undefined; afterSname: string | null; limit: number };

/** Tenants by sname with their first administrator; one row beyond `limit` tells that another page follows. */
export async function listTenantRows(tx: Database, filter: TenantListFilter): Promise<{ id: string; name: string; sname: string; admin: TenantAdmin | null }[]> {
  const { onlyTenantId, q, afterSname, limit } = filter;
  const rows = await tx
    .select({ id: tenants.id, name: tenants.name, sname: tenants.sname, admin: tenantAdminColumn })
    .from(tenants)
    .where(
      and(
        onlyTenantId === null ? undefined : eq(tenants.id, onlyTenantId),
        q ? or(ilike(tenants.name, likePattern(q)), ilike(tenants.sname, likePattern(q))) : undefined,
        afterSname === null ? undefined : gt(tenants.sname, afterSname),
      ),
    )
    .orderBy(asc(tenants.sname))
    .limit(limit + 1);
  return rows.map((row) => ({ ...row, admin: parseAdmin(row.admin) }));
}

export type TenantChanges = Partial<
  Pick<
    TenantRow,
    'name' | 'sname' | 'brandname' | 'branding' | 'address' | 'country' | 'status' | 'dialIn' | 'dialOut' | 'signupNormal' | 'signupSocial' | 'features' | 'defaultLanguage' | 'maxUsers'
  >
>;

/** The tenant row, locked until the transaction ends: read-modify-write of its `branding` blob must not lose a concurrent change. */
export async function lockTenantRow(tx: Database, id: string): Promise<TenantRow | null> {
  const [row] = await tx.select().from(tenants).where(eq(tenants.id, id)).limit(1).for('update');
  return row ?? null;
}

export async function updateTenantRow(tx: Database, id: string, changes: TenantChanges): Promise<void> {
  if (Object.keys(changes).length > 0) await tx.update(tenants).set(changes).where(eq(tenants.id, id));
}

export async function deleteTenantRow(tx: Database, id: string): Promise<void> {
  await tx.delete(tenants).where(eq(tenants.id, id));
}
