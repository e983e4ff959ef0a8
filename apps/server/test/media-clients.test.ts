// The media clients operations (spec 'Clients', super administrator) over real HTTP: the super
// administrator creates and lists clients of any tenant, credentials never leave the server, and
// nobody else reaches them.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASK } from '../src/kernel/audit/record.ts';
import { auditLog, mediaClients } from '../src/kernel/db/schema.ts';
import { startTestServer, userEmail, type TestServer, type TestSession } from './harness.ts';

let server: TestServer;
let superadmin: TestSession;
let acmeTenantAdmin: TestSession;
let systemAdmin: TestSession;
const unknownId = '7d0c3a5e-9c1e-4c8e-9b2f-2f1f0e6f4a11';

const body = (overrides: Record<string, unknown> = {}) => ({
  name: 'Web app',
  version: 'https://downloads.example.com/web/2.1',
  minVersion: '1.0',
  maxVersion: '2.5.1',
  iceTransportPolicy: 'all',
  bundlePolicy: 'max-bundle',
  iceServers: {
    video: [{ url: 'turn:turn.example.com:3478', username: 'video-user', credential: 'video-secret' }],
    audio: [{ url: 'stun:stun.example.com:19302' }],
  },
  appServer: 'https://app.example.com',
  status: 'enabled',
  ...overrides,
});

async function storedRow(id: string) {
  const [row] = await server.database.withPlatform((tx) => tx.select().from(mediaClients).where(eq(mediaClients.id, id)));
  return row;
}

beforeAll(async () => {
  server = await startTestServer();
  superadmin = await server.login('system', userEmail('system', 'superadmin'));
  acmeTenantAdmin = await server.login('acme', userEmail('acme', 'tenantadmin'));
  systemAdmin = await server.login('system', userEmail('system', 'admin'));
});

afterAll(async () => {
  await server?.close();
});

describe('putClient', () => {
  it('creates the client in the chosen tenant, seals the credential and answers only whether one is set', async () => {
    const res = await server.request('system', 'POST', '/clients', { session: superadmin, body: body({ tenantId: server.ids.tenants.acme }) });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Web app', tenantId: server.ids.tenants.acme, tenantName: expect.any(String), bundlePolicy: 'max-bundle' });
    expect(res.body.iceServers.video).toEqual([{ url: 'turn:turn.example.com:3478', username: 'video-user', hasCredential: true }]);
    expect(res.body.iceServers.audio).toEqual([{ url: 'stun:stun.example.com:19302', username: null, hasCredential: false }]);
    expect(res.text).not.toContain('video-secret');
    const row = await storedRow(res.body.id);
    expect(row?.tenantId).toBe(server.ids.tenants.acme);
    const sealed = row!.iceServers.video[0]!.credential!;
    expect(sealed).not.toContain('video-secret');
    expect(server.app.secrets.open(sealed)).toBe('video-secret');
    // The row lives in acme: acme's own transaction sees it, globex's does not.
    const inAcme = await server.database.withTenant(server.ids.tenants.acme, (tx) => tx.select().from(mediaClients).where(eq(mediaClients.id, res.body.id)));
    const inGlobex = await server.database.withTenant(server.ids.tenants.globex, (tx) => tx.select().from(mediaClients).where(eq(mediaClients.id, res.body.id)));
    expect(inAcme).toHaveLength(1);
    expect(inGlobex).toHaveLength(0);
  });

  it('defaults to the caller tenant and records the creation, credential masked, in the owning tenant', async () => {
    const res = await server.request('system', 'POST', '/clients', { session: superadmin, body: body({ name: 'Desktop' }) });
    expect(res.status).toBe(201);
    expect(res.body.tenantId).toBe(server.ids.tenants.system);
    const [entry] = await server.database.withTenant(server.ids.tenants.system, (tx) => tx.select().from(auditLog).where(eq(auditLog.entityId, res.body.id)));
    expect(entry).toMatchObject({ action: 'create', entity: 'media_client', actorLabel: userEmail('system', 'superadmin') });
    expect(JSON.stringify(entry!.after)).not.toContain('video-secret');
    expect((entry!.after as { iceServers: { video: { credential: string }[] } }).iceServers.video[0]!.credential).toBe(MASK);
  });

  it('answers 400 with the field codes for bad ICE uris, URLs, versions and an unknown tenant', async () => {
    const badIce = await server.request('system', 'POST', '/clients', {
      session: superadmin,
      body: body({ iceServers: { video: [{ url: 'https://not-ice.example.com' }], audio: [] } }),
    });
    expect(badIce.status).toBe(400);
    expect(badIce.body.errors).toEqual([expect.objectContaining({ field: 'iceServers.video.0.url', code: 'invalid_uris' })]);
    const badUrl = await server.request('system', 'POST', '/clients', { session: superadmin, body: body({ appServer: 'app.example.com' }) });
    expect(badUrl.body.errors).toEqual([expect.objectContaining({ field: 'appServer', code: 'invalid_url' })]);
    const badVersion = await server.request('system', 'POST', '/clients', { session: superadmin, body: body({ version: 'v2' }) });
    expect(badVersion.body.errors).toEqual([expect.objectContaining({ field: 'version', code: 'invalid_url' })]);
    const range = await server.request('system', 'POST', '/clients', { session: superadmin, body: body({ name: 'Range', minVersion: '3.0', maxVersion: '2.9' }) });
    expect(range.status).toBe(400);
    expect(range.body.errors).toEqual([expect.objectContaining({ field: 'maxVersion', code: 'version_range' })]);
    const tenant = await server.request('system', 'POST', '/clients', { session: superadmin, body: body({ name: 'Nowhere', tenantId: unknownId }) });
    expect(tenant.status).toBe(400);
    expect(tenant.body.errors).toEqual([expect.objectContaining({ field: 'tenantId', code: 'unknown_tenant' })]);
  });

  it('answers 409 to a second client of one name in one tenant', async () => {
    const res = await server.request('system', 'POST', '/clients', { session: superadmin, body: body({ tenantId: server.ids.tenants.acme }) });
    expect(res.status).toBe(409);
    expect(res.body.errors).toEqual([expect.objectContaining({ field: 'name', code: 'name_exists' })]);
  });

  it('refuses a tenant administrator and a system admin (403), with or without a chosen tenant', async () => {
    for (const [tenant, session] of [
      ['acme', acmeTenantAdmin],
      ['system', systemAdmin],
    ] as const) {
      const own = await server.request(tenant, 'POST', '/clients', { session, body: body({ name: 'Mine' }) });
      expect(own.status).toBe(403);
      const other = await server.request(tenant, 'POST', '/clients', { session, body: body({ name: 'Theirs', tenantId: server.ids.tenants.globex }) });
      expect(other.status).toBe(403);
    }
  });
});

describe('getClients', () => {
  it('lists the clients of every tenant with the tenant name, filtered and paged', async () => {
    const res = await server.request('system', 'GET', '/clients', { session: superadmin });
    expect(res.status).toBe(200);
    expect(res.body.items.map((c: { name: string; tenantId: string }) => [c.name, c.tenantId])).toEqual([
      ['Desktop', server.ids.tenants.system],
      ['Web app', server.ids.tenants.acme],
    ]);
    const onlyAcme = await server.request('system', 'GET', `/clients?tenantId=${server.ids.tenants.acme}`, { session: superadmin });
    expect(onlyAcme.body.items).toHaveLength(1);
    const first = await server.request('system', 'GET', '/clients?limit=1', { session: superadmin });
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await server.request('system', 'GET', `/clients?limit=1&cursor=${first.body.nextCursor}`, { session: superadmin });
    expect(second.body.items.map((c: { name: string }) => c.name)).toEqual(['Web app']);
    expect(second.body.nextCursor).toBeNull();
    const searched = await server.request('system', 'GET', '/clients?q=desk', { session: superadmin });
    expect(searched.body.items.map((c: { name: string }) => c.name)).toEqual(['Desktop']);
    expect(JSON.stringify(res.body)).not.toContain('secret');
  });

  it('answers 403 to a tenant administrator, who never lists across tenants, and 400 to a forged cursor', async () => {
    expect((await server.request('acme', 'GET', '/clients', { session: acmeTenantAdmin })).status).toBe(403);
    expect((await server.request('system', 'GET', '/clients', { session: systemAdmin })).status).toBe(403);
    const forged = await server.request('system', 'GET', '/clients?cursor=bm90LWpzb24', { session: superadmin });
    expect(forged.status).toBe(400);
    expect(forged.body.errors).toEqual([expect.objectContaining({ field: 'cursor', code: 'invalid_cursor' })]);
  });
});

describe('updateClient', () => {
  it('edits a client of another tenant, keeps a credential left empty and replaces one sent', async () => {
    const list = await server.request('system', 'GET', `/clients?tenantId=${server.ids.tenants.acme}`, { session: superadmin });
    const id = list.body.items[0].id as string;
    const res = await server.request('system', 'PATCH', `/clients/${id}`, {
      session: superadmin,
      body: {
        name: 'Web app 2',
        iceServers: {
          video: [{ url: 'turn:turn.example.com:3478', username: 'video-user', credential: '' }],
          audio: [{ url: 'turns:turn.example.com:5349', username: 'audio', credential: 'audio-secret' }],
        },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('Web app 2');
    expect(res.body.iceServers.video[0].hasCredential).toBe(true);
    const row = await storedRow(id);
    expect(server.app.secrets.open(row!.iceServers.video[0]!.credential!)).toBe('video-secret');
    expect(server.app.secrets.open(row!.iceServers.audio[0]!.credential!)).toBe('audio-secret');
    const entries = await server.database.withTenant(server.ids.tenants.acme, (tx) => tx.select().from(auditLog).where(eq(auditLog.entityId, id)));
    const update = entries.find((e) => e.action === 'update');
    expect(update).toMatchObject({ actorLabel: userEmail('system', 'superadmin'), before: expect.objectContaining({ name: 'Web app' }), after: expect.objectContaining({ name: 'Web app 2' }) });
  });

  it('answers 404 to an unknown client, 400 to a bad uri and 403 to a tenant administrator', async () => {
    expect((await server.request('system', 'PATCH', `/clients/${unknownId}`, { session: superadmin, body: { name: 'X' } })).status).toBe(404);
    const list = await server.request('system', 'GET', '/clients', { session: superadmin });
    const acmeClient = list.body.items.find((c: { tenantId: string }) => c.tenantId === server.ids.tenants.acme);
    const bad = await server.request('system', 'PATCH', `/clients/${acmeClient.id}`, {
      session: superadmin,
      body: { iceServers: { video: [], audio: [{ url: 'stun' }] } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ field: 'iceServers.audio.0.url', code: 'invalid_uris' });
    // Even its own tenant's client is out of a tenant administrator's reach.
    const denied = await server.request('acme', 'PATCH', `/clients/${acmeClient.id}`, { session: acmeTenantAdmin, body: { name: 'Hijack' } });
    expect(denied.status).toBe(403);
    expect((await storedRow(acmeClient.id))?.name).toBe('Web app 2');
  });
});

describe('deleteClient', () => {
  it('answers 403 to a tenant administrator and 404 to an unknown id, then deletes and records it', async () => {
    const list = await server.request('system', 'GET', '/clients', { session: superadmin });
    const acmeClient = list.body.items.find((c: { tenantId: string }) => c.tenantId === server.ids.tenants.acme);
    expect((await server.request('acme', 'DELETE', `/clients/${acmeClient.id}`, { session: acmeTenantAdmin })).status).toBe(403);
    expect((await server.request('system', 'DELETE', `/clients/${unknownId}`, { session: superadmin })).status).toBe(404);
    const res = await server.request('system', 'DELETE', `/clients/${acmeClient.id}`, { session: superadmin });
    expect(res.status).toBe(204);
    expect(await storedRow(acmeClient.id)).toBeUndefined();
    const entries = await server.database.withTenant(server.ids.tenants.acme, (tx) => tx.select().from(auditLog).where(eq(auditLog.entityId, acmeClient.id)));
    expect(entries.map((e) => e.action).sort()).toEqual(['create', 'delete', 'update']);
  });

  it('answers 400 for a malformed id', async () => {
    const res = await server.request('system', 'DELETE', '/clients/not-a-uuid', { session: superadmin });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ field: 'clientId', code: 'invalid_value' });
  });
});
