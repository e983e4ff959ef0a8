// One tenant's SSO providers from the tenant detail (getTenantSsoProviders, addTenantSsoProvider,
// updateTenantSsoProvider): the caller's own tenant, or any tenant for the platform super
// administrator, worked on under that tenant's row-level security and audited in its log.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, authProviders } from '../src/kernel/db/schema.ts';
import type { TestServer, TestSession } from './harness.ts';
import { startTenantAdminServer } from './tenant-admin.ts';

let server: TestServer;
let superadmin: TestSession;
let acmeAdmin: TestSession;
let acmeMember: TestSession;
let acmeId: string;
let globexId: string;

beforeAll(async () => {
  ({ server, superadmin, acmeAdmin, acmeMember, acmeId, globexId } = await startTenantAdminServer());
});

afterAll(async () => {
  await server?.close();
});

const ssoPath = (tenantId: string, providerId?: string) => `/tenants/${tenantId}/sso${providerId ? `/${providerId}` : ''}`;
const callbackOf = (tenant: string) => `http://${tenant}.portal.test:${server.port}/api/v1/auth/providers/callback`;
const provider = (name: string) => ({ name, issuer: 'https://id.example.com', clientId: `${name}-client`, clientSecret: 'very-secret-value' });

describe('tenant SSO providers by tenant id', () => {
  it("lets the platform super administrator add, list and change globex's providers, audited in globex's log", async () => {
    const created = await server.request('system', 'POST', ssoPath(globexId), { session: superadmin, body: provider('Globex ID') });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Globex ID', hasSecret: true, status: 'enabled' });
    expect(created.text).not.toContain('very-secret-value');

    const listed = await server.request('system', 'GET', ssoPath(globexId), { session: superadmin });
    expect(listed.status).toBe(200);
    // The providers send users back to globex's own host, where they sign in.
    expect(listed.body.redirectUri).toBe(callbackOf('globex'));
    expect(listed.body.items.map((item: { id: string }) => item.id)).toEqual([created.body.id]);

    const changed = await server.request('system', 'PATCH', ssoPath(globexId, created.body.id), { session: superadmin, body: { status: 'disabled' } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id: created.body.id, status: 'disabled', hasSecret: true });

    const [row] = await server.database.withTenant(globexId, (tx) => tx.select().from(authProviders).where(eq(authProviders.id, created.body.id)));
    expect(row).toMatchObject({ tenantId: globexId, status: 'disabled' });
    const entries = await server.database.withTenant(globexId, (tx) =>
      tx.select().from(auditLog).where(and(eq(auditLog.entity, 'tenant_sso'), eq(auditLog.entityId, created.body.id))),
    );
    expect(entries.map((entry) => entry.action).sort()).toEqual(['create', 'update']);
    expect(entries.every((entry) => entry.tenantId === globexId)).toBe(true);

    const acmeList = await server.request('acme', 'GET', ssoPath(acmeId), { session: acmeAdmin });
    expect(acmeList.body.items.some((item: { id: string }) => item.id === created.body.id)).toBe(false);
  });

  it("gives acme's administrator acme's providers as getTenantSSO does", async () => {
    const created = await server.request('acme', 'POST', ssoPath(acmeId), { session: acmeAdmin, body: provider('Acme ID') });
    expect(created.status).toBe(201);
    const byId = await server.request('acme', 'GET', ssoPath(acmeId), { session: acmeAdmin });
    const own = await server.request('acme', 'GET', '/tenant/sso', { session: acmeAdmin });
    expect(byId.status).toBe(200);
    expect(byId.body).toEqual(own.body);
    expect(byId.body.redirectUri).toBe(callbackOf('acme'));
  });

  it("answers 404 to acme's administrator naming globex or another tenant's provider, 403 to a member, 401 without a session", async () => {
    const globexProvider = await server.request('system', 'POST', ssoPath(globexId), { session: superadmin, body: provider('Globex Two') });
    expect((await server.request('acme', 'GET', ssoPath(globexId), { session: acmeAdmin })).status).toBe(404);
    expect((await server.request('acme', 'POST', ssoPath(globexId), { session: acmeAdmin, body: provider('Sneaky') })).status).toBe(404);
    expect((await server.request('acme', 'PATCH', ssoPath(globexId, globexProvider.body.id), { session: acmeAdmin, body: { status: 'disabled' } })).status).toBe(404);
    expect((await server.request('acme', 'PATCH', ssoPath(acmeId, globexProvider.body.id), { session: acmeAdmin, body: { status: 'disabled' } })).status).toBe(404);
    expect((await server.request('acme', 'GET', ssoPath(acmeId), { session: acmeMember })).status).toBe(403);
    expect((await server.request('acme', 'GET', ssoPath(acmeId))).status).toBe(401);
    const [row] = await server.database.withTenant(globexId, (tx) => tx.select().from(authProviders).where(eq(authProviders.id, globexProvider.body.id)));
    expect(row?.status).toBe('enabled');
  });

  it('answers 400 to a bad provider or tenant id, 409 to a taken name', async () => {
    expect((await server.request('system', 'POST', ssoPath(globexId), { session: superadmin, body: { name: 'No issuer', clientId: 'x' } })).status).toBe(400);
    expect((await server.request('system', 'GET', ssoPath('not-a-uuid'), { session: superadmin })).status).toBe(400);
    expect((await server.request('system', 'POST', ssoPath(globexId), { session: superadmin, body: provider('Globex ID') })).status).toBe(409);
  });
});
