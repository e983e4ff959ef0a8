// The actor of a change made in another tenant than the caller's own (a super administrator
// working on a tenant's rows). The entry is written inside the target tenant's transaction, where
// row-level security hides the caller's own user row, so the email is looked up beforehand.
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { users } from '../db/schema.ts';
import { auditActorOf, type AuditActor } from './record.ts';

export async function crossTenantActor(request: FastifyRequest, tenantId: string): Promise<AuditActor> {
  const actor = auditActorOf(request);
  if (actor.label || !actor.userId) return { ...actor, tenantId };
  const userId = actor.userId;
  const [row] = await request.ctx.db((tx) => tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1));
  return { ...actor, tenantId, label: row?.email ?? 'unknown' };
}
