import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenants } from '../src/kernel/db/schema.ts';
import { forgetTenant, isLocalDevelopmentHost, realmFromHost } from '../src/kernel/tenancy/tenancy.ts';
import { startTestServer, userEmail, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('realm from host', () => {
  it('takes the first label of a host with more than two labels, else system', () => {
    expect(realmFromHost('acme.portal.localhost')).toBe('acme');
    expect(realmFromHost('ACME.Portal.Example.')).toBe('acme');
    expect(realmFromHost('localhost')).toBe('system');
    expect(realmFromHost('portal.example')).toBe('system');
    expect(realmFromHost('127.0.0.1')).toBe('system');
    expect(realmFromHost('[::1]')).toBe('system');
  });

  it('knows the local development hosts', () => {
    expect(['localhost', '127.0.0.1', '[::1]'].every(isLocalDevelopmentHost)).toBe(true);
    expect(isLocalDevelopmentHost('acme.portal.localhost')).toBe(false);
  });
});

describe('getTenantInfo', () => {
  it('answers the branding of the tenant serving the host', async () => {
    const response = await server.request('acme', 'POST', '/tenant-info');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      sname: 'acme',
      brandname: 'Acme Meetings',
      brandUrl: 'https://acme.example',
      signup: { normal: true, social: false },
      theme: { lite: { primary: '#1d4ed8' } },
      localDevelopment: false,
    });
  });

  it('honours the body sname only on the local development host', async () => {
    const elsewhere = await server.request('acme', 'POST', '/tenant-info', { body: { sname: 'globex' } });
    expect(elsewhere.body.sname).toBe('acme');
    const local = await server.request('acme', 'POST', '/tenant-info', { body: { sname: 'globex' }, host: `localhost:${server.port}` });
    expect(local.status).toBe(200);
    expect(local.body).toMatchObject({ sname: 'globex', localDevelopment: true });
    const plain = await server.request('acme', 'POST', '/tenant-info', { host: `127.0.0.1:${server.port}` });
    expect(plain.body).toMatchObject({ sname: 'system', localDevelopment: true });
    const unknown = await server.request('acme', 'POST', '/tenant-info', { body: { sname: 'nowhere' }, host: `localhost:${server.port}` });
    expect(unknown.status).toBe(404);
  });

  it('refuses a malformed sname with invalid_subdomain', async () => {
    const response = await server.request('acme', 'POST', '/tenant-info', { body: { sname: 'Not_Valid!' }, host: `localhost:${server.port}` });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([expect.objectContaining({ field: 'sname', code: 'invalid_subdomain' })]);
  });

  it('answers 404 for an unknown realm and for a disabled tenant', async () => {
    const unknown = await server.request('nowhere', 'POST', '/tenant-info');
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('not_found');
    const disabled = await startTestServer();
    try {
      // Served first, so the tenant is in the lookup cache when it gets disabled.
      expect((await disabled.request('globex', 'POST', '/tenant-info')).status).toBe(200);
      await disabled.database.withPlatform((tx) => tx.update(tenants).set({ status: 'disabled' }).where(eq(tenants.sname, 'globex')));
      forgetTenant(disabled.database, 'GLOBEX');
      expect((await disabled.request('globex', 'POST', '/tenant-info')).status).toBe(404);
      expect((await disabled.request('globex', 'POST', '/auth/login', { body: { email: userEmail('globex', 'admin'), password: 'Passw0rd!' } })).status).toBe(404);
    } finally {
      await disabled.close();
    }
  });
});

describe('getTenants', () => {
  it('lists every tenant for the super administrator, paged by cursor', async () => {
    const session = await server.login('system', userEmail('system', 'superadmin'));
    const first = await server.request('system', 'GET', '/tenants?limit=2', { session });
    expect(first.status).toBe(200);
    expect(first.body.items.map((t: { sname: string }) => t.sname)).toEqual(['acme', 'globex']);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await server.request('system', 'GET', `/tenants?limit=2&cursor=${first.body.nextCursor}`, { session });
    expect(second.body.items.map((t: { sname: string }) => t.sname)).toEqual(['system']);
    expect(second.body.nextCursor).toBeNull();
    const searched = await server.request('system', 'GET', '/tenants?q=GLOB', { session });
    expect(searched.body.items.map((t: { sname: string }) => t.sname)).toEqual(['globex']);
  });

  it("shows a tenant's administrator only their own tenant", async () => {
    const session = await server.login('acme', userEmail('acme', 'tenantadmin'));
    const response = await server.request('acme', 'GET', '/tenants', { session });
    expect(response.body.items).toEqual([
      { id: server.ids.tenants.acme, name: 'Acme Corporation', sname: 'acme', admin: expect.objectContaining({ email: userEmail('acme', 'tenantadmin') }) },
    ]);
  });

  it('refuses members (403), anonymous callers (401) and bad paging (400)', async () => {
    const session = await server.login('acme', userEmail('acme', 'member'));
    expect((await server.request('acme', 'GET', '/tenants', { session })).status).toBe(403);
    expect((await server.request('acme', 'GET', '/tenants')).status).toBe(401);
    const admin = await server.login('acme', userEmail('acme', 'admin'));
    const bad = await server.request('acme', 'GET', '/tenants?limit=500&cursor=%%%', { session: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'limit', code: 'invalid_value' })]));
    const badCursor = await server.request('acme', 'GET', '/tenants?cursor=bm9wZQ', { session: admin });
    expect(badCursor.status).toBe(400);
    expect(badCursor.body.errors).toEqual([expect.objectContaining({ field: 'cursor', code: 'invalid_value' })]);
  });
});
