// The developer clients operations (spec 'Develops', super administrator) over real HTTP: the
// secret is answered once and kept only as a hash, the client signs in with it and acts with its
// role, disabling or deleting it ends its tokens at the next request, redirect URIs and web origins
// are checked, and nobody else (nor another tenant) reaches the clients.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, devClients } from '../src/kernel/db/schema.ts';
import { startTestServer, userEmail, type TestServer, type TestSession } from './harness.ts';

let server: TestServer;
let superadmin: TestSession;
let systemAdmin: TestSession;
const adminRole = () => server.ids.roles.system.admin!;
const unknownId = '7d0c3a5e-9c1e-4c8e-9b2f-2f1f0e6f4a11';

beforeAll(async () => {
  server = await startTestServer();
  superadmin = await server.login('system', userEmail('system', 'superadmin'));
  systemAdmin = await server.login('system', userEmail('system', 'admin'));
});

afterAll(async () => {
  await server?.close();
});

const create = (body: Record<string, unknown>, session = superadmin) => server.request('system', 'POST', '/dev-clients', { session, body });
const patch = (id: string, body: Record<string, unknown>, session = superadmin) => server.request('system', 'PATCH', `/dev-clients/${id}`, { session, body });

async function tokenFor(clientId: string, secret: string): Promise<{ status: number; authorization: string }> {
  const res = await server.request('system', 'POST', '/auth/client-token', { body: { realm: 'system', appId: clientId, appSecret: secret } });
  return { status: res.status, authorization: `Bearer ${res.body.accessToken}` };
}

/** A call the admin role may make: 200 while the token works, 401 once it does not. */
const tenantsWith = (authorization: string) => server.request('system', 'GET', '/tenants', { headers: { authorization } });

describe('putDevClient', () => {
  it('creates a client acting with the member role, answers its secret once and keeps only a hash', async () => {
    const res = await create({ name: 'Reporting app', redirectUris: ['https://reports.example.com/callback', 'http://localhost:8080/cb'], webOrigins: ['https://reports.example.com'] });
    expect(res.status).toBe(201);
    expect(res.body.client).toMatchObject({ name: 'Reporting app', status: 'enabled', roleName: 'member', redirectUris: ['https://reports.example.com/callback', 'http://localhost:8080/cb'], webOrigins: ['https://reports.example.com'] });
    expect(res.body.client.clientId).toMatch(/^dc_[0-9a-f]{24}$/);
    expect(res.body.secret).toEqual(expect.any(String));
    const [row] = await server.database.withTenant(server.ids.tenants.system, (tx) => tx.select().from(devClients).where(eq(devClients.id, res.body.client.id)));
    expect(row!.secretHash).not.toContain(res.body.secret);
    // The list never shows the secret.
    const list = await server.request('system', 'GET', '/dev-clients', { session: superadmin });
    expect(list.text).not.toContain(res.body.secret);
    expect(list.text).not.toContain(row!.secretHash);
    // The secret signs the client in.
    const token = await tokenFor(res.body.client.clientId, res.body.secret);
    expect(token.status).toBe(200);
    // It acts with the member role: signed in (not 401), yet without the tenant permissions.
    expect((await tenantsWith(token.authorization)).status).toBe(403);
    // The audit entry masks nothing it should not keep: no hash, no secret.
    const [entry] = await server.database.withTenant(server.ids.tenants.system, (tx) => tx.select().from(auditLog).where(eq(auditLog.entityId, res.body.client.id)));
    expect(entry).toMatchObject({ action: 'create', entity: 'dev_client' });
    expect(JSON.stringify(entry!.after)).not.toContain(row!.secretHash);
  });

  it('takes a chosen assignable role and refuses an unknown one', async () => {
    const adminRole = server.ids.roles.system.admin!;
    const res = await create({ name: 'Admin tool', roleId: adminRole });
    expect(res.status).toBe(201);
    expect(res.body.client.roleName).toBe('admin');
    const bad = await create({ name: 'Nope', roleId: unknownId });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ field: 'roleId', code: 'invalid_role' });
  });

  it('answers 400 invalid_uris / invalid_content / invalid_client for bad redirect URIs, origins and names', async () => {
    const uris = await create({ name: 'X', redirectUris: ['https://ok.example.com/cb', 'http://evil.example.com/cb', 'not a url'] });
    expect(uris.status).toBe(400);
    expect(uris.body.errors).toEqual([
      expect.objectContaining({ field: 'redirectUris.1', code: 'invalid_uris' }),
      expect.objectContaining({ field: 'redirectUris.2', code: 'invalid_uris' }),
    ]);
    const origins = await create({ name: 'X', webOrigins: ['https://app.example.com/path'] });
    expect(origins.status).toBe(400);
    expect(origins.body.errors[0]).toMatchObject({ field: 'webOrigins.0', code: 'invalid_content' });
    const name = await create({ name: '   ' });
    expect(name.status).toBe(400);
    expect(name.body.errors[0]).toMatchObject({ field: 'name', code: 'invalid_client' });
  });

  it('refuses callers outside the superadmin group with 403', async () => {
    expect((await create({ name: 'X' }, systemAdmin)).status).toBe(403);
    expect((await server.request('system', 'GET', '/dev-clients', { session: systemAdmin })).status).toBe(403);
  });
});

describe('updateDevClient', () => {
  it('disabling the client ends its existing tokens at the very next request, enabling brings them back', async () => {
    const { body } = await create({ name: 'Disable me', roleId: adminRole() });
    const token = await tokenFor(body.client.clientId, body.secret);
    // Served twice so the principal cache holds the answer before the write.
    expect((await tenantsWith(token.authorization)).status).toBe(200);
    expect((await tenantsWith(token.authorization)).status).toBe(200);
    const off = await patch(body.client.id, { status: 'disabled' });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ client: { status: 'disabled' }, secret: null });
    expect((await tenantsWith(token.authorization)).status).toBe(401);
    expect((await tokenFor(body.client.clientId, body.secret)).status).toBe(401);
    expect((await patch(body.client.id, { status: 'enabled' })).status).toBe(200);
    expect((await tenantsWith(token.authorization)).status).toBe(200);
  });

  it('regenerates the secret once: the old one and its tokens stop working, the new one signs in', async () => {
    const { body } = await create({ name: 'Rotate me', roleId: adminRole() });
    const token = await tokenFor(body.client.clientId, body.secret);
    expect((await tenantsWith(token.authorization)).status).toBe(200);
    const res = await patch(body.client.id, { regenerateSecret: true, name: 'Rotated', redirectUris: ['https://rotated.example.com/cb'] });
    expect(res.status).toBe(200);
    expect(res.body.client).toMatchObject({ name: 'Rotated', redirectUris: ['https://rotated.example.com/cb'], clientId: body.client.clientId });
    expect(res.body.secret).toEqual(expect.any(String));
    expect(res.body.secret).not.toBe(body.secret);
    expect((await tenantsWith(token.authorization)).status).toBe(401);
    expect((await tokenFor(body.client.clientId, body.secret)).status).toBe(401);
    expect((await tokenFor(body.client.clientId, res.body.secret)).status).toBe(200);
  });

  it('answers 400 for bad URIs, 404 for another tenant’s client or an unknown id, 403 for a wrong role', async () => {
    const { body } = await create({ name: 'Guarded' });
    const bad = await patch(body.client.id, { webOrigins: ['ftp://files.example.com'] });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ field: 'webOrigins.0', code: 'invalid_content' });
    const acmeClientId = Object.values(server.ids.devClients)[0]!;
    expect((await patch(acmeClientId, { status: 'disabled' })).status).toBe(404);
    expect((await patch(unknownId, { status: 'disabled' })).status).toBe(404);
    expect((await patch(body.client.id, { status: 'disabled' }, systemAdmin)).status).toBe(403);
    const [acmeRow] = await server.database.withTenant(server.ids.tenants.acme, (tx) => tx.select().from(devClients).where(eq(devClients.id, acmeClientId)));
    expect(acmeRow?.status).toBe('enabled');
  });
});

describe('deleteDevClient', () => {
  it('deletes the client and its tokens; another tenant’s client is 404; a wrong role is 403', async () => {
    const { body } = await create({ name: 'Delete me', roleId: adminRole() });
    const token = await tokenFor(body.client.clientId, body.secret);
    expect((await tenantsWith(token.authorization)).status).toBe(200);
    expect((await server.request('system', 'DELETE', `/dev-clients/${body.client.id}`, { session: systemAdmin })).status).toBe(403);
    expect((await server.request('system', 'DELETE', `/dev-clients/${body.client.id}`, { session: superadmin })).status).toBe(204);
    expect((await tenantsWith(token.authorization)).status).toBe(401);
    expect((await server.request('system', 'DELETE', `/dev-clients/${body.client.id}`, { session: superadmin })).status).toBe(404);
    const acmeClientId = Object.values(server.ids.devClients)[0]!;
    expect((await server.request('system', 'DELETE', `/dev-clients/${acmeClientId}`, { session: superadmin })).status).toBe(404);
    const entries = await server.database.withTenant(server.ids.tenants.system, (tx) => tx.select().from(auditLog).where(eq(auditLog.entityId, body.client.id)));
    expect(entries.map((e) => e.action).sort()).toEqual(['create', 'delete']);
  });

  it('answers 400 for a malformed id', async () => {
    const res = await server.request('system', 'DELETE', '/dev-clients/not-a-uuid', { session: superadmin });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ field: 'devClientId', code: 'invalid_value' });
  });
});

describe('getDevClients', () => {
  it('lists by name, cursor-paged, and searches by name or client id', async () => {
    const first = await server.request('system', 'GET', '/dev-clients?limit=2', { session: superadmin });
    expect(first.status).toBe(200);
    const second = await server.request('system', 'GET', `/dev-clients?limit=100&cursor=${first.body.nextCursor}`, { session: superadmin });
    const names = [...first.body.items, ...second.body.items].map((c: { name: string }) => c.name);
    expect(names).toEqual([...names].sort());
    expect(new Set(names).size).toBe(names.length);
    const search = await server.request('system', 'GET', '/dev-clients?q=rotat', { session: superadmin });
    expect(search.body.items.map((c: { name: string }) => c.name)).toEqual(['Rotated']);
  });

  it('answers 400 invalid_cursor for a cursor it did not hand out', async () => {
    for (const cursor of ['nonsense', 'bm90LWpzb24', Buffer.from(JSON.stringify({ name: 'x' })).toString('base64url')]) {
      const res = await server.request('system', 'GET', `/dev-clients?cursor=${cursor}`, { session: superadmin });
      expect(res.status, cursor).toBe(400);
      expect(res.body.errors, cursor).toEqual([expect.objectContaining({ field: 'cursor', code: 'invalid_cursor' })]);
    }
  });
});
