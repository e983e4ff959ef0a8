// What a domain service works with on behalf of one request: the tenant, who is calling, a
// transaction in that tenant, the process-wide pieces, and who the audit log records. Handlers
// build it once with `scopeOf`; each service names the part it needs with a `Pick`.
import type { FastifyRequest } from 'fastify';
import { crossTenantActor } from '../audit/actor.ts';
import { auditActorOf, type AuditActor } from '../audit/record.ts';
import { callerOf, type Caller } from '../access/caller.ts';
import type { SecretBox } from '../crypto/secret-box.ts';
import type { AppDatabase } from '../db/database.ts';
import type { RequestContext } from './request-context.ts';

export type RequestScope = {
  tenantId: string;
  caller: Caller;
  /** The acting user, or null for a developer client token (and before sign-in). */
  actorUserId: string | null;
  /** Runs `fn` in one transaction inside `tenantId` (its row-level security). */
  db: RequestContext['db'];
  /** The database behind `db`: platform-wide work of the super administrator, answers kept between writes (kernel/db/process-cache.ts). */
  database: AppDatabase;
  secrets: SecretBox;
  /** Who the audit log records for the changes made through this scope. */
  audit: AuditActor;
  /** The audit actor for changes the super administrator makes in another tenant (its email resolved once, up front). */
  actorIn: (tenantId: string) => Promise<AuditActor>;
};

export function scopeOf(request: FastifyRequest): RequestScope {
  const { ctx, server } = request;
  const { principal } = ctx;
  return {
    tenantId: ctx.tenant.id,
    caller: callerOf(principal),
    actorUserId: principal.kind === 'user' ? principal.userId : null,
    db: ctx.db,
    database: server.database,
    secrets: server.secrets,
    audit: auditActorOf(request),
    actorIn: (tenantId) => crossTenantActor(request, tenantId),
  };
}
