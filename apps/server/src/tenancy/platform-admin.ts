import type { FastifyRequest } from 'fastify';
import { systemRealm } from './tenancy.ts';

/** The platform super administrator, signed in at the platform's own (`system`) realm: the one caller who reaches every tenant. */
export function isPlatformAdmin(request: FastifyRequest): boolean {
  const { ctx } = request;
  return ctx.principal.kind !== 'anonymous' && ctx.principal.role === 'superadmin' && ctx.tenant.sname === systemRealm;
}
