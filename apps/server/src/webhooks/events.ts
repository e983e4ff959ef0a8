// Emitting a webhook event: one delivery row and one queued job per enabled endpoint of the tenant
// that chose the event, written in the caller's transaction so the event exists exactly when the
// change it reports commits. The payload follows Standard Webhooks: `{ type, timestamp, data }`.
import { and, eq, sql } from 'drizzle-orm';
import { subscriptions, webhookDeliveries, webhookEndpoints } from '../kernel/db/schema.ts';
import type { Database } from '../kernel/db/types.ts';
import { enqueueJob } from '../kernel/jobs/queue.ts';
import { present } from '../kernel/db/present.ts';

export const webhookEventTypes = [
  'meeting.started',
  'meeting.ended',
  'participant.joined',
  'participant.left',
  'participant.removed',
  'recording.ready',
  'user.created',
  'user.deleted',
  'subscription.changed',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

export const DELIVER_JOB = 'webhook.deliver';
/** Attempts at 0, 30 s, 1.5 min, ... doubling (the queue's backoff): the twelfth is about 17 hours after the first, the day's last. */
export const DELIVERY_ATTEMPTS = 12;

/** Queues one delivery to `endpointId` (the test event, or an event already matched). Answers the delivery's id. */
export async function queueDelivery(tx: Database, tenantId: string, endpointId: string, type: string, data: Record<string, unknown>, now: Date): Promise<string> {
  const payload = { type, timestamp: now.toISOString(), data };
  const [row] = await tx.insert(webhookDeliveries).values({ tenantId, endpointId, eventType: type, payload, createdAt: now }).returning({ id: webhookDeliveries.id });
  await enqueueJob(tx, { kind: DELIVER_JOB, payload: { tenantId, deliveryId: present(row, 'row').id }, maxAttempts: DELIVERY_ATTEMPTS }, now);
  return present(row, 'row').id;
}

/** Queues `type` to every enabled endpoint of the tenant that chose it; `tx` is the change's transaction (tenant or platform scope). */
export async function emitWebhookEvent(tx: Database, tenantId: string, type: WebhookEventType, data: Record<string, unknown>, now: Date = new Date()): Promise<void> {
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.tenantId, tenantId), eq(webhookEndpoints.enabled, true), sql`${webhookEndpoints.events} @> ${JSON.stringify([type])}::jsonb`));
  for (const endpoint of endpoints) await queueDelivery(tx, tenantId, endpoint.id, type, data, now);
}

/**
 * `subscription.changed` with what the subscription is now (status, plan, licences, renewal); `change`
 * names what happened (purchased, activated, changed, licenses_scheduled, auto_renewal,
 * cancel_scheduled, withdrawn, edited, renewed, cancelled, expired). Called after the change, in its transaction.
 */
export async function emitSubscriptionChanged(tx: Database, tenantId: string, subscriptionId: string, change: string, now: Date): Promise<void> {
  const [row] = await tx
    .select({ status: subscriptions.status, product: subscriptions.product, plan: subscriptions.plan, licenses: subscriptions.licenses, billingCycle: subscriptions.billingCycle, autoRenewal: subscriptions.autoRenewal, cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd })
    .from(subscriptions)
    .where(eq(subscriptions.id, subscriptionId));
  await emitWebhookEvent(tx, tenantId, 'subscription.changed', { subscriptionId, change, ...(row ?? { status: 'deleted' }) }, now);
}
