// The audit log's one writer. Every change made through the administration screens calls
// `recordAudit` inside the transaction that makes the change, so an entry exists exactly when the
// change does. Values are stored masked: a secret never reaches the log, only whether it was set.
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { auditLog, users } from '../db/schema.ts';
import type { Database } from '../db/types.ts';
import type { Schemas } from '../http/api.ts';

export type AuditAction = 'create' | 'update' | 'delete';

export type AuditEntry = {
  action: AuditAction;
  /** What kind of thing changed; the contract lists every kind, so the portal can name each one. */
  entity: Schemas['AuditEntity'];
  entityId: string | null;
  before?: unknown;
  after?: unknown;
};

export type AuditActor = { tenantId: string; userId: string | null; label: string | null; ip: string | null; requestId: string | null };

/** The actor of an API request: its tenant, the signed-in user (or developer client), address and request id. */
export function auditActorOf(request: FastifyRequest): AuditActor {
  const { ctx } = request;
  const principal = ctx.principal;
  return {
    tenantId: ctx.tenant.id,
    userId: principal.kind === 'user' ? principal.userId : null,
    label: principal.kind === 'client' ? `client:${principal.devClientId}` : null,
    ip: request.ip ?? null,
    requestId: ctx.requestId,
  };
}

const secretKey = /pass(word)?|secret|token|credential|private|api[-_]?key|^key$/i;
export const MASK = '••••••';

/** A deep copy with every secret-looking field replaced by MASK (or null when it was empty). */
export function maskSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskSecrets);
  if (value instanceof Date) return value.toISOString();
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (secretKey.test(key) && (typeof inner === 'string' || inner === null || inner === undefined)) {
      out[key] = inner ? MASK : null;
    } else {
      out[key] = maskSecrets(inner);
    }
  }
  return out;
}

/** The audit_log row of one entry, by the actor named `actorLabel` (its text, or SQL that looks it up). */
export function auditRowOf(actor: AuditActor, actorLabel: string | SQL, entry: AuditEntry) {
  return {
    tenantId: actor.tenantId,
    actorUserId: actor.userId,
    actorLabel,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    before: entry.before === undefined ? null : maskSecrets(entry.before),
    after: entry.after === undefined ? null : maskSecrets(entry.after),
    ip: actor.ip,
    requestId: actor.requestId,
  };
}

export async function recordAudit(tx: Database, actor: AuditActor, entry: AuditEntry): Promise<void> {
  // The actor's email is looked up here, once, so the log still reads well after the user is gone.
  const label = actor.label ?? (actor.userId ? sql`coalesce((select ${users.email} from ${users} where ${users.id} = ${actor.userId}), 'unknown')` : 'system');
  await tx.insert(auditLog).values(auditRowOf(actor, label, entry));
}
