import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { crossTenantActor } from '../audit/actor.ts';
import { auditActorOf, type AuditActor } from '../audit/record.ts';
import { tenants } from '../db/schema.ts';
import type { Database } from '../db/types.ts';
import { notFound } from '../http/problem.ts';
import type { RequestContext } from '../http/request-context.ts';
import { systemRealm, type TenantRow } from './tenancy.ts';

/** The platform super administrator, signed in at the platform's own (`system`) realm: the one caller who reaches every tenant. */
export function isPlatformAdmin(request: FastifyRequest): boolean {
  const { ctx } = request;
  return ctx.principal.kind !== 'anonymous' && ctx.principal.role === 'superadmin' && ctx.tenant.sname === systemRealm;
}

export type ActedOnTenant = {
  /** The tenant, as it was when the request resolved it. */
  row: TenantRow;
  /** Whether it is the caller's own tenant. */
  own: boolean;
  /** A transaction inside that tenant (its row-level security). */
  db: RequestContext['db'];
  /** Who the audit log records; in another tenant the caller is named by email (kernel/audit/actor.ts). */
  audit: AuditActor;
};

/**
 * The tenant a request names (a `tenantId` in the path or a filter): the caller's own when none or
 * its own is named, or, for the platform super administrator, any tenant, worked on under that
 * tenant's row-level security as if from inside it. Anyone else naming another tenant, and anyone
 * naming an unknown one, gets 404, as for any foreign object.
 */
export async function tenantActedOn(request: FastifyRequest, tenantId: string | undefined): Promise<ActedOnTenant> {
  const { ctx, server } = request;
  const own = tenantId === undefined || tenantId === ctx.tenant.id;
  if (!own && !isPlatformAdmin(request)) throw notFound();
  const id = tenantId ?? ctx.tenant.id;
  const select = (tx: Database) => tx.select().from(tenants).where(eq(tenants.id, id)).limit(1);
  const [row] = own ? await ctx.db(select) : await server.database.withPlatform(select);
  if (!row) throw notFound();
  if (own) return { row, own, db: ctx.db, audit: auditActorOf(request) };
  return { row, own, db: (fn, options) => server.database.withTenant(row.id, fn, options), audit: await crossTenantActor(request, row.id) };
}
