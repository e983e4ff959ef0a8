// Signed webhooks over real HTTP (issue 14 section 6): a tenant administrator registers endpoints,
// rotates secrets and reads the delivery log; deliveries are queued jobs, signed the Standard
// Webhooks way (checked with the `standardwebhooks` package, an independent verifier), retried with
// exponential backoff on a moved clock, and never sent to loopback, private or link-local addresses
// unless the platform setting allows it.
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { platformSettings, webhookDeliveries } from '../src/kernel/db/schema.ts';
import { emitWebhookEvent } from '../src/webhooks/index.ts';
import { isPrivateAddress } from '../src/webhooks/ssrf.ts';
import { applyMediaEvents } from '../src/live/apply.ts';
import type { MediaEvent } from '../src/live/events.ts';
import { addMeeting, meetingBody } from './meetings-fixtures.ts';
import { startTestServer, userEmail, type TestServer, type TestSession } from './harness.ts';

let server: TestServer;
let acmeAdmin: TestSession;
let acmeMember: TestSession;
let globexAdmin: TestSession;
// Starts at the real time: changes made through requests queue their events by the real clock.
let now = new Date();
let receiver: Server;
let receiverUrl: string;
let answerStatus = 200;
const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];

async function allowPrivate(allowed: boolean) {
  await server.database.withPlatform((tx) =>
    tx
      .insert(platformSettings)
      .values({ section: 'webhooks', value: { allowPrivateTargets: allowed } })
      .onConflictDoUpdate({ target: platformSettings.section, set: { value: { allowPrivateTargets: allowed } } }),
  );
}

async function addEndpoint(url: string, events: string[] = ['user.created']) {
  const res = await server.request('acme', 'POST', '/webhooks', { session: acmeAdmin, body: { url, events } });
  expect(res.status).toBe(201);
  return res.body as { endpoint: { id: string }; secret: string };
}

const log = async (id: string) => (await server.request('acme', 'GET', `/webhooks/${id}/deliveries`, { session: acmeAdmin })).body.items as Array<Record<string, unknown>>;
const advance = (seconds: number) => {
  now = new Date(now.getTime() + seconds * 1000);
};

beforeAll(async () => {
  server = await startTestServer({ clock: () => now });
  acmeAdmin = await server.login('acme', userEmail('acme', 'tenantadmin'));
  acmeMember = await server.login('acme', userEmail('acme', 'member'));
  globexAdmin = await server.login('globex', userEmail('globex', 'tenantadmin'));
  receiver = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.statusCode = answerStatus;
      response.end('ok');
    });
  });
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});

afterAll(async () => {
  receiver?.close();
  await server?.close();
});

beforeEach(async () => {
  received.length = 0;
  answerStatus = 200;
  await allowPrivate(true);
});

describe('webhook endpoints', () => {
  it('registers an endpoint with a whsec_ secret answered once, lists it without the secret, changes and deletes it', async () => {
    const created = await server.request('acme', 'POST', '/webhooks', { session: acmeAdmin, body: { url: receiverUrl, events: ['meeting.started', 'user.created'], description: 'CRM' } });
    expect(created.status).toBe(201);
    server.expectMatchesSpec('addWebhookEndpoint', 201, created.body);
    expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);
    const id = created.body.endpoint.id as string;
    const list = await server.request('acme', 'GET', '/webhooks', { session: acmeAdmin });
    expect(list.status).toBe(200);
    expect(list.body.items).toEqual([expect.objectContaining({ id, url: receiverUrl, events: ['meeting.started', 'user.created'], description: 'CRM', enabled: true, secretRotatedUntil: null })]);
    expect(list.text).not.toContain(created.body.secret);
    const changed = await server.request('acme', 'PATCH', `/webhooks/${id}`, { session: acmeAdmin, body: { enabled: false, events: ['user.deleted'] } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ endpoint: { enabled: false, events: ['user.deleted'] }, secret: null });
    expect((await server.request('acme', 'DELETE', `/webhooks/${id}`, { session: acmeAdmin })).status).toBe(204);
    expect((await server.request('acme', 'GET', '/webhooks', { session: acmeAdmin })).body.items).toEqual([]);
  });

  it('answers 403 to a member, 404 for another tenant’s endpoint and 400 for bad input', async () => {
    const { endpoint } = await addEndpoint(receiverUrl);
    const id = endpoint.id;
    expect((await server.request('acme', 'GET', '/webhooks', { session: acmeMember })).status).toBe(403);
    expect((await server.request('acme', 'POST', '/webhooks', { session: acmeMember, body: { url: receiverUrl, events: ['user.created'] } })).status).toBe(403);
    expect((await server.request('acme', 'PATCH', `/webhooks/${id}`, { session: acmeMember, body: { enabled: false } })).status).toBe(403);
    expect((await server.request('acme', 'DELETE', `/webhooks/${id}`, { session: acmeMember })).status).toBe(403);
    expect((await server.request('acme', 'GET', `/webhooks/${id}/deliveries`, { session: acmeMember })).status).toBe(403);
    expect((await server.request('acme', 'POST', `/webhooks/${id}/test`, { session: acmeMember })).status).toBe(403);
    expect((await server.request('globex', 'PATCH', `/webhooks/${id}`, { session: globexAdmin, body: { enabled: false } })).status).toBe(404);
    expect((await server.request('globex', 'DELETE', `/webhooks/${id}`, { session: globexAdmin })).status).toBe(404);
    expect((await server.request('globex', 'GET', `/webhooks/${id}/deliveries`, { session: globexAdmin })).status).toBe(404);
    expect((await server.request('globex', 'POST', `/webhooks/${id}/test`, { session: globexAdmin })).status).toBe(404);
    expect((await server.request('globex', 'GET', '/webhooks', { session: globexAdmin })).body.items).toEqual([]);
    const badUrl = await server.request('acme', 'POST', '/webhooks', { session: acmeAdmin, body: { url: 'ftp://example.com/x', events: ['user.created'] } });
    expect(badUrl.status).toBe(400);
    expect(badUrl.body.errors[0]).toMatchObject({ field: 'url', code: 'invalid_url' });
    expect((await server.request('acme', 'POST', '/webhooks', { session: acmeAdmin, body: { url: receiverUrl, events: [] } })).status).toBe(400);
    expect((await server.request('acme', 'POST', '/webhooks', { session: acmeAdmin, body: { url: receiverUrl, events: ['meeting.exploded'] } })).status).toBe(400);
    expect((await server.request('acme', 'PATCH', `/webhooks/${id}`, { session: acmeAdmin, body: {} })).status).toBe(400);
    expect((await server.request('acme', 'PATCH', '/webhooks/not-a-uuid', { session: acmeAdmin, body: { enabled: false } })).status).toBe(400);
    await server.request('acme', 'DELETE', `/webhooks/${id}`, { session: acmeAdmin });
  });
});

describe('delivery log and audit', () => {
  it('pages the log newest first with the payload, shows the last delivery in the list and refuses a forged cursor', async () => {
    const { endpoint } = await addEndpoint(receiverUrl);
    const listed = async () => ((await server.request('acme', 'GET', '/webhooks', { session: acmeAdmin })).body.items as Array<{ id: string; lastDelivery: unknown }>).find((e) => e.id === endpoint.id);
    expect((await listed())!.lastDelivery).toBeNull();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await server.request('acme', 'POST', `/webhooks/${endpoint.id}/test`, { session: acmeAdmin })).body.id as string);
      advance(1);
    }
    const first = await server.request('acme', 'GET', `/webhooks/${endpoint.id}/deliveries?limit=2`, { session: acmeAdmin });
    expect(first.status).toBe(200);
    server.expectMatchesSpec('getWebhookDeliveries', 200, first.body);
    expect(first.body.items.map((d: { id: string }) => d.id)).toEqual([ids[2], ids[1]]);
    expect(first.body.items[0]).toMatchObject({ status: 'pending', attempts: 0, nextAttemptAt: expect.any(String), payload: { type: 'webhook.test', data: { message: 'A test event from the portal.' } } });
    const second = await server.request('acme', 'GET', `/webhooks/${endpoint.id}/deliveries?limit=2&cursor=${first.body.nextCursor}`, { session: acmeAdmin });
    expect(second.body.items.map((d: { id: string }) => d.id)).toEqual([ids[0]]);
    expect(second.body.nextCursor).toBeNull();
    expect((await server.request('acme', 'GET', `/webhooks/${endpoint.id}/deliveries?cursor=bm90LWpzb24`, { session: acmeAdmin })).status).toBe(400);
    expect((await server.request('acme', 'GET', `/webhooks/${endpoint.id}/deliveries?limit=0`, { session: acmeAdmin })).status).toBe(400);
    await server.app.jobs.runDue();
    expect((await listed())!.lastDelivery).toMatchObject({ status: 'succeeded', eventType: 'webhook.test', responseStatus: 200 });
    await server.request('acme', 'DELETE', `/webhooks/${endpoint.id}`, { session: acmeAdmin });
  });

  it('audits creating, changing, rotating and deleting an endpoint as the webhook entity, never with its secret', async () => {
    const { endpoint, secret } = await addEndpoint(receiverUrl);
    const rotated = await server.request('acme', 'PATCH', `/webhooks/${endpoint.id}`, { session: acmeAdmin, body: { rotateSecret: true } });
    await server.request('acme', 'DELETE', `/webhooks/${endpoint.id}`, { session: acmeAdmin });
    const audit = await server.request('acme', 'GET', '/audit-log?entity=webhook&limit=100', { session: acmeAdmin });
    expect(audit.status).toBe(200);
    const entries = (audit.body.items as Array<{ entityId: string; action: string; after: Record<string, unknown> | null }>).filter((e) => e.entityId === endpoint.id);
    expect(entries.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
    expect(entries[1]!.after).toMatchObject({ url: receiverUrl, secretRotated: true });
    expect(audit.text).not.toContain(secret);
    expect(audit.text).not.toContain(rotated.body.secret);
  });
});

describe('platform setting for private targets', () => {
  it('is read and saved by the platform super administrator only, and refuses bad input', async () => {
    const platform = await server.login('system', userEmail('system', 'superadmin'));
    const saved = await server.request('system', 'PUT', '/settings/webhooks', { session: platform, body: { allowPrivateTargets: false } });
    expect(saved.status).toBe(200);
    expect(saved.body.values).toEqual({ allowPrivateTargets: false });
    expect((await server.request('system', 'GET', '/settings/webhooks', { session: platform })).body.values).toEqual({ allowPrivateTargets: false });
    expect((await server.request('system', 'PUT', '/settings/webhooks', { session: platform, body: { allowPrivateTargets: 'yes' } })).status).toBe(400);
    expect((await server.request('acme', 'GET', '/settings/webhooks', { session: acmeAdmin })).status).toBe(403);
    expect((await server.request('acme', 'PUT', '/settings/webhooks', { session: acmeAdmin, body: { allowPrivateTargets: true } })).status).toBe(403);
    // Saved through the screen, it is the setting the delivery job reads.
    const { endpoint } = await addEndpoint(receiverUrl);
    await server.request('acme', 'POST', `/webhooks/${endpoint.id}/test`, { session: acmeAdmin });
    await server.app.jobs.runDue();
    expect(received).toHaveLength(0);
    expect((await log(endpoint.id))[0]).toMatchObject({ status: 'failed', nextAttemptAt: null });
    await server.request('system', 'PUT', '/settings/webhooks', { session: platform, body: { allowPrivateTargets: true } });
    await server.request('acme', 'POST', `/webhooks/${endpoint.id}/test`, { session: acmeAdmin });
    await server.app.jobs.runDue();
    expect(received).toHaveLength(1);
    await server.request('acme', 'DELETE', `/webhooks/${endpoint.id}`, { session: acmeAdmin });
  });
});

describe('deliveries', () => {
  it('sends a test event signed the Standard Webhooks way and logs status, attempts, response code and duration', async () => {
    const { endpoint, secret } = await addEndpoint(receiverUrl);
    const queued = await server.request('acme', 'POST', `/webhooks/${endpoint.id}/test`, { session: acmeAdmin });
    expect(queued.status).toBe(202);
    expect(queued.body).toMatchObject({ eventType: 'webhook.test', status: 'pending', attempts: 0 });
    await server.app.jobs.runDue();
    expect(received).toHaveLength(1);
    const [delivery] = received;
    expect(delivery!.headers['webhook-id']).toBe(`msg_${queued.body.id}`);
    const verified = new Webhook(secret).verify(delivery!.body, delivery!.headers as Record<string, string>) as { type: string; data: unknown };
    expect(verified).toMatchObject({ type: 'webhook.test', timestamp: now.toISOString() });
    expect(() => new Webhook(`whsec_${Buffer.from('another secret of 24 bytes').toString('base64')}`).verify(delivery!.body, delivery!.headers as Record<string, string>)).toThrow();
    const [entry] = await log(endpoint.id);
    expect(entry).toMatchObject({ id: queued.body.id, status: 'succeeded', attempts: 1, responseStatus: 200, lastError: null });
    expect(entry!.durationMs).toEqual(expect.any(Number));
    await server.request('acme', 'DELETE', `/webhooks/${endpoint.id}`, { session: acmeAdmin });
  });

  it('signs with both secrets for a day after a rotation, then with the new one only', async () => {
    const { endpoint, secret: oldSecret } = await addEndpoint(receiverUrl);
    const rotated = await server.request('acme', 'PATCH', `/webhooks/${endpoint.id}`, { session: acmeAdmin, body: { rotateSecret: true } });
    expect(rotated.status).toBe(200);
    const newSecret = rotated.body.secret as string;
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(oldSecret);
    expect(rotated.body.endpoint.secretRotatedUntil).toBe(new Date(now.getTime() + 86_400_000).toISOString());
    await server.request('acme', 'POST', `/webhooks/${endpoint.id}/test`, { session: acmeAdmin });
    await server.app.jobs.runDue();
    const first = received.at(-1)!;
    expect((first.headers['webhook-signature'] as string).split(' ')).toHaveLength(2);
    for (const secret of [oldSecret, newSecret]) expect(() => new Webhook(secret).verify(first.body, first.headers as Record<string, string>)).not.toThrow();
    advance(86_401);
    await server.request('acme', 'POST', `/webhooks/${endpoint.id}/test`, { session: acmeAdmin });
    await server.app.jobs.runDue();
    const later = received.at(-1)!;
    expect(() => new Webhook(newSecret).verify(later.body, later.headers as Record<string, string>)).not.toThrow();
    expect(() => new Webhook(oldSecret).verify(later.body, later.headers as Record<string, string>)).toThrow();
    await server.request('acme', 'DELETE', `/webhooks/${endpoint.id}`, { session: acmeAdmin });
  });

  it('retries a failing endpoint with exponential backoff, then succeeds', async () => {
    const { endpoint } = await addEndpoint(receiverUrl);
    answerStatus = 503;
    await server.request('acme', 'POST', `/webhooks/${endpoint.id}/test`, { session: acmeAdmin });
    await server.app.jobs.runDue();
    expect(received).toHaveLength(1);
    expect((await log(endpoint.id))[0]).toMatchObject({ status: 'pending', attempts: 1, responseStatus: 503, lastError: 'HTTP 503', maxAttempts: 12, nextAttemptAt: new Date(now.getTime() + 30_000).toISOString() });
    advance(29);
    await server.app.jobs.runDue();
    expect(received).toHaveLength(1);
    advance(1);
    await server.app.jobs.runDue();
    expect(received).toHaveLength(2);
    advance(59);
    await server.app.jobs.runDue();
    expect(received).toHaveLength(2);
    advance(1);
    answerStatus = 200;
    await server.app.jobs.runDue();
    expect(received).toHaveLength(3);
    expect((await log(endpoint.id))[0]).toMatchObject({ status: 'succeeded', attempts: 3, responseStatus: 200, nextAttemptAt: null });
    // Every attempt carries the same webhook-id, so a receiver can drop duplicates.
    expect(new Set(received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    await server.request('acme', 'DELETE', `/webhooks/${endpoint.id}`, { session: acmeAdmin });
  });

  it('gives up after about a day of failures and logs the delivery as failed', async () => {
    const { endpoint } = await addEndpoint(receiverUrl);
    answerStatus = 500;
    const start = now.getTime();
    await server.request('acme', 'POST', `/webhooks/${endpoint.id}/test`, { session: acmeAdmin });
    for (let i = 0; i < 48; i++) {
      await server.app.jobs.runDue();
      advance(1800);
    }
    expect(received).toHaveLength(12);
    expect((await log(endpoint.id))[0]).toMatchObject({ status: 'failed', attempts: 12, responseStatus: 500 });
    expect(now.getTime() - start).toBeLessThanOrEqual(86_400_000);
    await server.request('acme', 'DELETE', `/webhooks/${endpoint.id}`, { session: acmeAdmin });
  });

  it('queues an event to the endpoints that chose it, in the caller’s transaction', async () => {
    const chosen = await addEndpoint(receiverUrl, ['user.created']);
    const other = await addEndpoint(receiverUrl, ['user.deleted']);
    const acmeId = server.ids.tenants.acme;
    await expect(
      server.database.withTenant(acmeId, async (tx) => {
        await emitWebhookEvent(tx, acmeId, 'user.created', { userId: 'rolled back' }, now);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await server.database.withTenant(acmeId, (tx) => emitWebhookEvent(tx, acmeId, 'user.created', { userId: 'u1' }, now));
    await server.app.jobs.runDue();
    expect(received.map((r) => JSON.parse(r.body))).toEqual([{ type: 'user.created', timestamp: now.toISOString(), data: { userId: 'u1' } }]);
    expect(await log(other.endpoint.id)).toEqual([]);
    for (const e of [chosen, other]) await server.request('acme', 'DELETE', `/webhooks/${e.endpoint.id}`, { session: acmeAdmin });
  });
});

describe('events from where they happen', () => {
  it('sends user.created and user.deleted when an administrator adds and deletes a user', async () => {
    const { endpoint, secret } = await addEndpoint(receiverUrl, ['user.created', 'user.deleted']);
    const created = await server.request('acme', 'POST', '/users', {
      session: acmeAdmin,
      body: { email: 'hooked@acme.test', firstName: 'Hoo', lastName: 'Ked', roles: ['member'], passwordMode: 'manual', password: 'Secret12' },
    });
    expect(created.status).toBe(201);
    const userId = created.body.user.id as string;
    expect((await server.request('acme', 'DELETE', `/users/${userId}`, { session: acmeAdmin })).status).toBe(204);
    advance(1);
    await server.app.jobs.runDue();
    const events = received.map((r) => new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as { type: string; data: unknown });
    expect(events.map((e) => [e.type, e.data]).sort()).toEqual([
      ['user.created', { userId, email: 'hooked@acme.test' }],
      ['user.deleted', { userId, email: 'hooked@acme.test' }],
    ]);
    await server.request('acme', 'DELETE', `/webhooks/${endpoint.id}`, { session: acmeAdmin });
  });
});

describe('live events', () => {
  it('sends meeting.started, participant.joined and left and meeting.ended once each, duplicates applied again send nothing', async () => {
    const { endpoint, secret } = await addEndpoint(receiverUrl, ['meeting.started', 'meeting.ended', 'participant.joined', 'participant.left']);
    const member = await server.login('acme', userEmail('acme', 'member'));
    const meeting = await addMeeting(server, 'acme', member, meetingBody({ topic: 'Hooked sync' }));
    const hostId = server.ids.users[userEmail('acme', 'member')]!;
    const t0 = Date.now();
    const specs = [
      { type: 'room.opened', at: t0 },
      { type: 'participant.joined', at: t0 + 1000, participant: hostId, display: 'Ada Host' },
      { type: 'participant.left', at: t0 + 20_000, participant: hostId, reason: 'hangup' },
      { type: 'room.closed', at: t0 + 60_000 },
    ];
    const events = specs.map((spec, index) => ({ ...spec, key: `hook-${index}`, node: 'janus-test', meetingId: meeting.id }) as MediaEvent);
    await applyMediaEvents(server.database, 'media', events);
    await applyMediaEvents(server.database, 'media', events);
    advance(1);
    await server.app.jobs.runDue();
    const sent = received.map((r) => new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as { type: string; data: Record<string, unknown> });
    expect(sent.map((e) => e.type).sort()).toEqual(['meeting.ended', 'meeting.started', 'participant.joined', 'participant.left']);
    for (const e of sent) expect(e.data).toMatchObject({ meetingId: meeting.id, topic: 'Hooked sync' });
    expect(sent.find((e) => e.type === 'participant.joined')!.data).toMatchObject({ participant: hostId, displayName: 'Ada Host' });
    await server.request('acme', 'DELETE', `/webhooks/${endpoint.id}`, { session: acmeAdmin });
  });
});

describe('subscription.changed', () => {
  it('is sent when the platform assigns a plan and when the tenant cancels it at the cycle end', async () => {
    const { endpoint, secret } = await addEndpoint(receiverUrl, ['subscription.changed']);
    const superadmin = await server.login('system', userEmail('system', 'superadmin'));
    const billing = await server.login('acme', userEmail('acme', 'accountadmin'));
    const product = await server.request('system', 'POST', '/products', { session: superadmin, body: { name: 'Hooked meetings' } });
    expect(product.status).toBe(201);
    const plan = await server.request('system', 'POST', '/plans', { session: superadmin, body: { name: 'Hooked', productId: product.body.id, minUsers: 1, maxUsers: 500, published: true, prices: [{ currency: 'USD', billingCycle: 'monthly', amount: 1_000 }] } });
    expect(plan.status, JSON.stringify(plan.body)).toBe(201);
    const assigned = await server.request('system', 'POST', `/tenants/${server.ids.tenants.acme}/assigned-plans`, { session: superadmin, body: { planId: plan.body.id, licenses: 4, billingCycle: 'monthly', currency: 'USD' } });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(201);
    expect((await server.request('acme', 'POST', `/billing/subscriptions/${assigned.body.id}/cancel`, { session: billing })).status).toBe(200);
    advance(1);
    await server.app.jobs.runDue();
    const sent = received.map((r) => new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as { type: string; data: Record<string, unknown> });
    expect(sent.map((e) => e.data.change).sort()).toEqual(['cancel_scheduled', 'purchased']);
    expect(sent.find((e) => e.data.change === 'purchased')!.data).toMatchObject({ subscriptionId: assigned.body.id, status: 'active', plan: 'Hooked', licenses: 4, billingCycle: 'monthly' });
    expect(sent.find((e) => e.data.change === 'cancel_scheduled')!.data).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    await server.request('acme', 'DELETE', `/webhooks/${endpoint.id}`, { session: acmeAdmin });
  });
});

describe('SSRF', () => {
  it('knows loopback, private and link-local addresses, IPv4-mapped ones too', () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', '::', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1']) expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:2800:220:1:248:1893:25c8:1946', '::ffff:8.8.8.8']) expect(isPrivateAddress(address), address).toBe(false);
  });

  it('knows the IPv6 forms that carry an IPv4 address: IPv4-compatible, 6to4, Teredo and NAT64', () => {
    const carried = [
      '::127.0.0.1',
      '::10.0.0.1',
      '::7f00:1',
      '2002:7f00:1::',
      '2002:c0a8:101::1',
      '2002:a00:1::',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
      '2001::1',
      '64:ff9b::127.0.0.1',
      '64:ff9b::a00:1',
      '64:ff9b:1::a00:1',
      '64:ff9b:1:ffff::1',
      '::ffff:0:7f00:1',
      '2001:db8::1',
      '100::1',
    ];
    for (const address of carried) expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['2a00:1450:4001:82a::200e', '2001:4860:4860::8888']) expect(isPrivateAddress(address), address).toBe(false);
  });

  it('refuses loopback, private and link-local targets, and a name resolving to loopback, unless the platform allows them', async () => {
    await allowPrivate(false);
    const port = (receiver.address() as AddressInfo).port;
    const targets = [`http://127.0.0.1:${port}/hook`, 'http://10.0.0.1/hook', 'http://169.254.169.254/latest/meta-data', `http://[::1]:${port}/hook`, `http://localhost:${port}/hook`];
    const ids: string[] = [];
    for (const url of targets) {
      const { endpoint } = await addEndpoint(url);
      ids.push(endpoint.id);
      await server.request('acme', 'POST', `/webhooks/${endpoint.id}/test`, { session: acmeAdmin });
    }
    await server.app.jobs.runDue();
    expect(received).toHaveLength(0);
    for (const id of ids.slice(0, targets.length)) {
      const [entry] = await log(id);
      expect(entry).toMatchObject({ status: 'failed', attempts: 1, responseStatus: null });
      expect(entry!.lastError).toMatch(/^refused: .*loopback, private or link-local/);
    }
    // A name that does not resolve is retried (DNS trouble passes), not refused.
    await allowPrivate(true);
    const unresolved = await addEndpoint('http://webhooks.invalid/hook');
    await server.request('acme', 'POST', `/webhooks/${unresolved.endpoint.id}/test`, { session: acmeAdmin });
    await server.app.jobs.runDue();
    expect((await log(unresolved.endpoint.id))[0]).toMatchObject({ status: 'pending', attempts: 1, lastError: 'webhooks.invalid does not resolve' });
    ids.push(unresolved.endpoint.id);
    await allowPrivate(false);
    // Refused for good: moving the clock a day on sends nothing.
    advance(86_400);
    await server.app.jobs.runDue();
    expect(received).toHaveLength(0);
    const rows = await server.database.withTenant(server.ids.tenants.acme, (tx) => tx.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, ids[0]!)));
    expect(rows[0]!.attempts).toBe(1);
    for (const id of ids) await server.request('acme', 'DELETE', `/webhooks/${id}`, { session: acmeAdmin });
  });
});
