// Sending one queued delivery (job `webhook.deliver`): resolve and check the target (ssrf.ts), POST
// the signed payload over a connection pinned to the checked address, record status, response code
// and duration. A non-2xx answer or a network error throws, and the queue retries with exponential
// backoff up to DELIVERY_ATTEMPTS; a refused target fails at once. Redirects are not followed.
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { platformSettings, webhookDeliveries, webhookEndpoints } from '../kernel/db/schema.ts';
import { PermanentJobError, type Job, type JobContext } from '../kernel/jobs/queue.ts';
import { counter } from '../kernel/metrics.ts';
import { DELIVER_JOB } from './events.ts';
import { signatureHeader } from './signature.ts';
import { RefusedTarget, checkTarget, type Target } from './ssrf.ts';

/** The platform settings section whose `allowPrivateTargets: true` lets webhooks reach private addresses (tests, closed networks). */
export const WEBHOOK_SETTINGS_SECTION = 'webhooks';
const TIMEOUT_MS = 10_000;

const deliveries = counter({
  name: 'portal_webhook_deliveries_total',
  help: 'Webhook delivery attempts of this process, by outcome (sent: a 2xx answer; retried: failed, tried again later; failed: for good)',
  labelNames: ['outcome'],
});

/** What a delivery's recorded status says of the attempt. */
const outcomeOf = { succeeded: 'sent', pending: 'retried', failed: 'failed' } as const;

type Answer = { status: number; body: string };

function post(target: Target, headers: Record<string, string>, body: string): Promise<Answer> {
  const pinned: LookupFunction = (_host, options, callback) => {
    if (options.all) (callback as unknown as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      target.url,
      { method: 'POST', lookup: pinned, timeout: TIMEOUT_MS, headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'portal-webhooks/1' } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (text.length < 1000) text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)));
    request.on('error', reject);
    request.end(body);
  });
}

export async function deliverWebhook(app: FastifyInstance, job: Job, { now }: JobContext): Promise<void> {
  const { tenantId, deliveryId } = job.payload as { tenantId: string; deliveryId: string };
  const found = await app.database.withTenant(tenantId, async (tx) => {
    const [delivery] = await tx.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId));
    if (!delivery) return null;
    const [endpoint] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, delivery.endpointId));
    return endpoint ? { delivery, endpoint } : null;
  });
  if (!found) return; // deleted with its endpoint
  const { delivery, endpoint } = found;
  const record = async (values: Partial<typeof webhookDeliveries.$inferInsert> & { status: keyof typeof outcomeOf }) => {
    await app.database.withTenant(tenantId, (tx) => tx.update(webhookDeliveries).set({ attempts: job.attempts, lastAttemptAt: now, ...values }).where(eq(webhookDeliveries.id, deliveryId)));
    deliveries.inc({ outcome: outcomeOf[values.status] });
  };
  const last = job.attempts >= job.maxAttempts;

  const settings = await app.database.withPlatform((tx) => tx.select({ value: platformSettings.value }).from(platformSettings).where(eq(platformSettings.section, WEBHOOK_SETTINGS_SECTION)));
  const allowPrivate = settings[0]?.value.allowPrivateTargets === true;
  let target: Target;
  try {
    target = await checkTarget(endpoint.url, allowPrivate);
  } catch (error) {
    if (!(error instanceof RefusedTarget)) {
      await record({ status: last ? 'failed' : 'pending', responseStatus: null, durationMs: null, lastError: (error as Error).message });
      throw error;
    }
    const message = `refused: ${error.message}`;
    await record({ status: 'failed', responseStatus: null, durationMs: null, lastError: message });
    throw new PermanentJobError(message);
  }

  const secrets = [app.secrets.open(endpoint.secret)];
  if (endpoint.previousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now) secrets.push(app.secrets.open(endpoint.previousSecret));
  const body = JSON.stringify(delivery.payload);
  const id = `msg_${delivery.id}`;
  // The wire timestamp is the real time: receivers compare it with their clock (replay window).
  const timestamp = Math.floor(Date.now() / 1000);
  const headers = { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signatureHeader(secrets, id, timestamp, body) };
  const started = performance.now();
  let answer: Answer;
  try {
    answer = await post(target, headers, body);
  } catch (error) {
    const message = (error as Error).message.slice(0, 500);
    await record({ status: last ? 'failed' : 'pending', responseStatus: null, durationMs: Math.round(performance.now() - started), lastError: message });
    throw error;
  }
  const durationMs = Math.round(performance.now() - started);
  if (answer.status >= 200 && answer.status < 300) {
    await record({ status: 'succeeded', responseStatus: answer.status, durationMs, lastError: null });
    return;
  }
  const message = `HTTP ${answer.status}`;
  await record({ status: last ? 'failed' : 'pending', responseStatus: answer.status, durationMs, lastError: message });
  throw new Error(message);
}

export function registerWebhookJobs(app: FastifyInstance): void {
  app.jobs.register(DELIVER_JOB, (job, context) => deliverWebhook(app, job, context));
}
