// The tenant administrator's webhook endpoints (Apps screen, beyond the spec: issue 14 section 6).
// The `whsec_` secret is generated here, answered once, and kept sealed with the server's key (it
// must sign, so it cannot be a hash). Rotating keeps the previous secret signing for a day, so a
// receiver can switch secrets without missing a delivery.
import { and, desc, eq, inArray } from 'drizzle-orm';
import { recordAudit } from '../kernel/audit/record.ts';
import { microsecondKey, newestFirstPage, olderThan, timeKeyOfCursor } from '../kernel/db/keyset.ts';
import { webhookDeliveries, webhookEndpoints } from '../kernel/db/schema.ts';
import type { Database } from '../kernel/db/types.ts';
import type { Schemas } from '../kernel/http/api.ts';
import { fieldError, notFound } from '../kernel/http/problem.ts';
import type { RequestScope } from '../kernel/http/request-scope.ts';
import { DELIVERY_ATTEMPTS, queueDelivery } from './events.ts';
import { newWebhookSecret } from './signature.ts';
import { present } from '../kernel/db/present.ts';

type Endpoint = Schemas['WebhookEndpoint'];
type EndpointRow = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;
type LastDelivery = Schemas['WebhookDeliverySummary'];
export type WebhookScope = Pick<RequestScope, 'tenantId' | 'db' | 'audit' | 'secrets' | 'actorUserId'>;
/** When a failed attempt is tried again: the job queue's backoff (`app.jobs.retryAt`). */
export type RetryAt = (attempts: number, at: Date) => Date;

const AUDIT_ENTITY = 'webhook';
const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;

function toDto(row: EndpointRow, now: Date, lastDelivery: LastDelivery | null): Endpoint {
  const rotated = row.previousSecretExpiresAt && row.previousSecretExpiresAt > now ? row.previousSecretExpiresAt.toISOString() : null;
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as Endpoint['events'],
    enabled: row.enabled,
    secretRotatedUntil: rotated,
    createdAt: row.createdAt.toISOString(),
    lastDelivery,
  };
}

export function deliveryDto(row: DeliveryRow, retryAt: RetryAt): Schemas['WebhookDelivery'] {
  // A pending delivery not tried yet runs as soon as the queue polls; a failed attempt waits out the backoff.
  const next = row.status !== 'pending' ? null : row.attempts === 0 || !row.lastAttemptAt ? row.createdAt : retryAt(row.attempts, row.lastAttemptAt);
  return {
    id: row.id,
    eventType: row.eventType,
    status: row.status,
    attempts: row.attempts,
    maxAttempts: DELIVERY_ATTEMPTS,
    responseStatus: row.responseStatus,
    durationMs: row.durationMs,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: next?.toISOString() ?? null,
    payload: row.payload,
  };
}

/** The newest delivery of each of `endpointIds`. */
async function lastDeliveries(tx: Database, endpointIds: string[]): Promise<Map<string, LastDelivery>> {
  if (endpointIds.length === 0) return new Map();
  const rows = await tx
    .selectDistinctOn([webhookDeliveries.endpointId], {
      endpointId: webhookDeliveries.endpointId,
      status: webhookDeliveries.status,
      eventType: webhookDeliveries.eventType,
      responseStatus: webhookDeliveries.responseStatus,
      createdAt: webhookDeliveries.createdAt,
    })
    .from(webhookDeliveries)
    .where(inArray(webhookDeliveries.endpointId, endpointIds))
    .orderBy(webhookDeliveries.endpointId, desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id));
  return new Map(rows.map(({ endpointId, createdAt, ...rest }) => [endpointId, { ...rest, createdAt: createdAt.toISOString() }]));
}

const auditView = (row: EndpointRow) => ({ url: row.url, description: row.description, events: row.events, enabled: row.enabled });

function checkUrl(raw: string): string {
  const value = raw.trim();
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw fieldError('url', 'invalid_url', 'Enter an http or https URL.');
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password) throw fieldError('url', 'invalid_url', 'Enter an http or https URL without credentials.');
  return url.toString();
}

async function findEndpoint(scope: WebhookScope, tx: Parameters<Parameters<WebhookScope['db']>[0]>[0], id: string): Promise<EndpointRow> {
  const [row] = await tx.select().from(webhookEndpoints).where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.tenantId, scope.tenantId)));
  if (!row) throw notFound();
  return row;
}

export async function listWebhookEndpoints(scope: WebhookScope, now: Date) {
  return scope.db(async (tx) => {
    const rows = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.tenantId, scope.tenantId)).orderBy(desc(webhookEndpoints.createdAt));
    const last = await lastDeliveries(
      tx,
      rows.map((row) => row.id),
    );
    return { items: rows.map((row) => toDto(row, now, last.get(row.id) ?? null)) };
  });
}

export async function addWebhookEndpoint(scope: WebhookScope, input: Schemas['WebhookEndpointCreate'], now: Date): Promise<Schemas['WebhookEndpointSaved']> {
  const url = checkUrl(input.url);
  const secret = newWebhookSecret();
  const row = await scope.db(async (tx) => {
    const [created] = await tx
      .insert(webhookEndpoints)
      .values({ tenantId: scope.tenantId, url, description: input.description?.trim() ?? '', events: [...new Set(input.events)], enabled: input.enabled ?? true, secret: scope.secrets.seal(secret), createdBy: scope.actorUserId })
      .returning();
    await recordAudit(tx, scope.audit, { action: 'create', entity: AUDIT_ENTITY, entityId: present(created, 'created').id, after: auditView(present(created, 'created')) });
    return present(created, 'created');
  });
  return { endpoint: toDto(row, now, null), secret };
}

export async function updateWebhookEndpoint(scope: WebhookScope, id: string, patch: Schemas['WebhookEndpointUpdate'], now: Date): Promise<Schemas['WebhookEndpointSaved']> {
  const url = patch.url === undefined ? undefined : checkUrl(patch.url);
  const secret = patch.rotateSecret ? newWebhookSecret() : null;
  const { row, last } = await scope.db(async (tx) => {
    const before = await findEndpoint(scope, tx, id);
    const changes: Partial<typeof webhookEndpoints.$inferInsert> = {};
    if (url !== undefined) changes.url = url;
    if (patch.description !== undefined) changes.description = patch.description.trim();
    if (patch.events !== undefined) changes.events = [...new Set(patch.events)];
    if (patch.enabled !== undefined) changes.enabled = patch.enabled;
    if (secret) {
      changes.secret = scope.secrets.seal(secret);
      changes.previousSecret = before.secret;
      changes.previousSecretExpiresAt = new Date(now.getTime() + ROTATION_OVERLAP_MS);
    }
    const [after] = Object.keys(changes).length > 0 ? await tx.update(webhookEndpoints).set(changes).where(eq(webhookEndpoints.id, id)).returning() : [before];
    await recordAudit(tx, scope.audit, { action: 'update', entity: AUDIT_ENTITY, entityId: id, before: auditView(before), after: { ...auditView(present(after, 'after')), ...(secret ? { secretRotated: true } : {}) } });
    return { row: present(after, 'after'), last: (await lastDeliveries(tx, [id])).get(id) ?? null };
  });
  return { endpoint: toDto(row, now, last), secret };
}

export async function deleteWebhookEndpoint(scope: WebhookScope, id: string): Promise<void> {
  await scope.db(async (tx) => {
    const before = await findEndpoint(scope, tx, id);
    // Its deliveries go with it (ON DELETE CASCADE); their queued jobs find nothing and end.
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    await recordAudit(tx, scope.audit, { action: 'delete', entity: AUDIT_ENTITY, entityId: id, before: auditView(before) });
  });
}

export async function listWebhookDeliveries(scope: WebhookScope, id: string, query: { cursor?: string; limit?: number }, retryAt: RetryAt): Promise<Schemas['WebhookDeliveryPage']> {
  const limit = query.limit ?? 25;
  const after = query.cursor ? timeKeyOfCursor(query.cursor) : null;
  return scope.db(async (tx) => {
    await findEndpoint(scope, tx, id);
    const rows = await tx
      .select({ id: webhookDeliveries.id, at: microsecondKey(webhookDeliveries.createdAt), delivery: webhookDeliveries })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.endpointId, id), after ? olderThan(webhookDeliveries.createdAt, webhookDeliveries.id, after) : undefined))
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(limit + 1);
    const { page, nextCursor } = newestFirstPage(rows, limit);
    return { items: page.map(({ delivery }) => deliveryDto(delivery, retryAt)), nextCursor };
  });
}

export async function sendWebhookTestEvent(scope: WebhookScope, id: string, now: Date, retryAt: RetryAt) {
  return scope.db(async (tx) => {
    await findEndpoint(scope, tx, id);
    const deliveryId = await queueDelivery(tx, scope.tenantId, id, 'webhook.test', { message: 'A test event from the portal.' }, now);
    const [row] = await tx.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId));
    return deliveryDto(present(row, 'row'), retryAt);
  });
}
