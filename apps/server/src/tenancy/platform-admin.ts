import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { tenants } from '../db/schema.ts';
import { notFound } from '../http/problem.ts';
import type { RequestContext } from '../http/request-context.ts';
import { systemRealm } from './tenancy.ts';

/** The platform super administrator, signed in at the platform's own (`system`) realm: the one caller who reaches every tenant. */
export function isPlatformAdmin(request: FastifyRequest): boolean {
  const { ctx } = request;
  return ctx.principal.kind !== 'anonymous' && ctx.principal.role === 'superadmin' && ctx.tenant.sname === systemRealm;
}

/**
 * The tenant a read names (a `tenantId` filter): the caller's own when none or its own is named,
 * or, for the platform super administrator, any tenant, read under that tenant's row-level
 * security. Anyone else naming another tenant, and anyone naming an unknown one, gets 404.
 */
export async function namedTenantOf(request: FastifyRequest, tenantId: string | undefined): Promise<{ id: string; db: RequestContext['db'] }> {
  const { ctx, server } = request;
  if (tenantId === undefined || tenantId === ctx.tenant.id) return { id: ctx.tenant.id, db: ctx.db };
  if (!isPlatformAdmin(request)) throw notFound();
  const [row] = await server.database.withPlatform((tx) => tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId)).limit(1));
  if (!row) throw notFound();
  return { id: row.id, db: (fn) => server.database.withTenant(row.id, fn) };
}
