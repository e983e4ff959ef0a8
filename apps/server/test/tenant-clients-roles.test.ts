// The tenant detail's roles and clients tabs over real HTTP: a tenant administrator reads its own
// tenant's roles and meeting apps and switches an app on or off or bounds its versions; the
// platform super administrator does the same for any tenant; nobody else reaches them.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mediaClients } from '../src/kernel/db/schema.ts';
import { userEmail, type TestServer, type TestSession } from './harness.ts';
import { startTenantAdminServer } from './tenant-admin.ts';

let server: TestServer;
let superadmin: TestSession;
let acmeAdmin: TestSession;
let acmeMember: TestSession;
let acmeId: string;
let globexId: string;
const clients: Record<string, string> = {};
const unknownId = '7d0c3a5e-9c1e-4c8e-9b2f-2f1f0e6f4a11';

async function addClient(tenantId: string, name: string, kind: 'web' | 'mobile' | 'desktop', extra: Partial<typeof mediaClients.$inferInsert> = {}) {
  const [row] = await server.database.withTenant(tenantId, (tx) =>
    tx
      .insert(mediaClients)
      .values({ tenantId, name, kind, ...extra })
      .returning({ id: mediaClients.id }),
  );
  return row!.id;
}

const clientPath = (tenantId: string, clientId: string) => `/tenants/${tenantId}/clients/${clientId}`;

beforeAll(async () => {
  ({ server, acmeId, globexId, superadmin, acmeAdmin, acmeMember } = await startTenantAdminServer());
  clients.web = await addClient(acmeId, 'Acme web', 'web', { version: '3.2.0', minVersion: '3.0', maxVersion: '3.9' });
  clients.mobile = await addClient(acmeId, 'Acme mobile', 'mobile');
  clients.desktop = await addClient(acmeId, 'Acme desktop', 'desktop', { status: 'disabled' });
  clients.globex = await addClient(globexId, 'Globex web', 'web');
});

afterAll(async () => {
  await server?.close();
});

describe('getTenantRoles', () => {
  it("answers every role of the caller's tenant by name, editable as the roles screen computes it", async () => {
    const res = await server.request('acme', 'GET', `/tenants/${acmeId}/roles`, { session: acmeAdmin });
    expect(res.status).toBe(200);
    const names = res.body.items.map((r: { name: string }) => r.name);
    expect(names).toEqual(['accountadmin', 'admin', 'guest', 'member', 'tenantadmin']);
    expect(res.body.items.every((r: { tenantId: string }) => r.tenantId === acmeId)).toBe(true);
    const own = await server.request('acme', 'GET', '/roles?limit=100', { session: acmeAdmin });
    const editable = (items: { name: string; editable: boolean }[]) => Object.fromEntries(items.map((r) => [r.name, r.editable]));
    expect(editable(res.body.items)).toEqual(editable(own.body.items));
    expect(editable(res.body.items).member).toBe(true);
  });

  it("lets the platform super administrator read acme's roles (none editable from outside) and its own (editable)", async () => {
    const res = await server.request('system', 'GET', `/tenants/${acmeId}/roles`, { session: superadmin });
    expect(res.status).toBe(200);
    expect(res.body.items.map((r: { name: string }) => r.name)).toContain('tenantadmin');
    expect(res.body.items.every((r: { tenantId: string; editable: boolean }) => r.tenantId === acmeId && !r.editable)).toBe(true);
    const system = await server.request('system', 'GET', `/tenants/${server.ids.tenants.system}/roles`, { session: superadmin });
    expect(system.body.items.find((r: { name: string }) => r.name === 'member').editable).toBe(true);
  });

  it('answers 403 to a member, 404 for another or unknown tenant, 401 without a session, 400 for a malformed id', async () => {
    expect((await server.request('acme', 'GET', `/tenants/${acmeId}/roles`, { session: acmeMember })).status).toBe(403);
    expect((await server.request('acme', 'GET', `/tenants/${globexId}/roles`, { session: acmeAdmin })).status).toBe(404);
    expect((await server.request('system', 'GET', `/tenants/${unknownId}/roles`, { session: superadmin })).status).toBe(404);
    expect((await server.request('acme', 'GET', `/tenants/${acmeId}/roles`)).status).toBe(401);
    const bad = await server.request('acme', 'GET', '/tenants/acme/roles', { session: acmeAdmin });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ field: 'tenantId', code: 'invalid_value' });
  });
});

describe('getTenantClients', () => {
  it("answers the tenant's web, mobile and desktop clients by name, and nothing of another tenant", async () => {
    const res = await server.request('acme', 'GET', `/tenants/${acmeId}/clients`, { session: acmeAdmin });
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([
      { id: clients.desktop, name: 'Acme desktop', kind: 'desktop', version: null, minVersion: null, maxVersion: null, status: 'disabled' },
      { id: clients.mobile, name: 'Acme mobile', kind: 'mobile', version: null, minVersion: null, maxVersion: null, status: 'enabled' },
      { id: clients.web, name: 'Acme web', kind: 'web', version: '3.2.0', minVersion: '3.0', maxVersion: '3.9', status: 'enabled' },
    ]);
  });

  it("lets the platform super administrator read acme's clients", async () => {
    const res = await server.request('system', 'GET', `/tenants/${acmeId}/clients`, { session: superadmin });
    expect(res.status).toBe(200);
    expect(res.body.items.map((c: { id: string }) => c.id).sort()).toEqual([clients.desktop, clients.mobile, clients.web].sort());
  });

  it('answers 403 to a member, 404 for another tenant, 401 without a session, 400 for a malformed id', async () => {
    expect((await server.request('acme', 'GET', `/tenants/${acmeId}/clients`, { session: acmeMember })).status).toBe(403);
    expect((await server.request('acme', 'GET', `/tenants/${globexId}/clients`, { session: acmeAdmin })).status).toBe(404);
    expect((await server.request('acme', 'GET', `/tenants/${acmeId}/clients`)).status).toBe(401);
    expect((await server.request('acme', 'GET', '/tenants/acme/clients', { session: acmeAdmin })).status).toBe(400);
  });
});

describe('updateTenantClient', () => {
  it('switches a client off and bounds its versions, audited in the same transaction', async () => {
    const res = await server.request('acme', 'PATCH', clientPath(acmeId, clients.mobile!), { session: acmeAdmin, body: { status: 'disabled', minVersion: '2.0', maxVersion: '2.10' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: clients.mobile, name: 'Acme mobile', kind: 'mobile', version: null, minVersion: '2.0', maxVersion: '2.10', status: 'disabled' });
    const [row] = await server.database.withTenant(acmeId, (tx) => tx.select().from(mediaClients).where(eq(mediaClients.id, clients.mobile!)));
    expect(row).toMatchObject({ status: 'disabled', minVersion: '2.0', maxVersion: '2.10' });
    const [entry] = await server.database.withTenant(acmeId, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'media_client'), eq(auditLog.entityId, clients.mobile!))),
    );
    expect(entry).toMatchObject({ action: 'update', actorLabel: userEmail('acme', 'tenantadmin'), before: { status: 'enabled' }, after: { status: 'disabled', maxVersion: '2.10' } });
  });

  it('answers 400 version_range when the minimum would exceed the maximum (also against the stored one), and 400 for bad values', async () => {
    const crossed = await server.request('acme', 'PATCH', clientPath(acmeId, clients.web!), { session: acmeAdmin, body: { minVersion: '4.0' } });
    expect(crossed.status).toBe(400);
    expect(crossed.body.errors[0]).toMatchObject({ field: 'maxVersion', code: 'version_range' });
    const both = await server.request('acme', 'PATCH', clientPath(acmeId, clients.web!), { session: acmeAdmin, body: { minVersion: '2.5', maxVersion: '2.1' } });
    expect(both.body.errors[0]).toMatchObject({ field: 'maxVersion', code: 'version_range' });
    const badVersion = await server.request('acme', 'PATCH', clientPath(acmeId, clients.web!), { session: acmeAdmin, body: { maxVersion: 'latest' } });
    expect(badVersion.status).toBe(400);
    expect(badVersion.body.errors[0]).toMatchObject({ field: 'maxVersion', code: 'invalid_version' });
    const badStatus = await server.request('acme', 'PATCH', clientPath(acmeId, clients.web!), { session: acmeAdmin, body: { status: 'paused' } });
    expect(badStatus.body.errors[0]).toMatchObject({ field: 'status', code: 'invalid_value' });
    const notAllowed = await server.request('acme', 'PATCH', clientPath(acmeId, clients.web!), { session: acmeAdmin, body: { name: 'Renamed' } });
    expect(notAllowed.body.errors[0]).toMatchObject({ field: 'name', code: 'invalid_value' });
    expect((await server.request('acme', 'PATCH', clientPath(acmeId, clients.web!), { session: acmeAdmin, body: {} })).status).toBe(400);
    const [row] = await server.database.withTenant(acmeId, (tx) => tx.select().from(mediaClients).where(eq(mediaClients.id, clients.web!)));
    expect(row).toMatchObject({ name: 'Acme web', minVersion: '3.0', maxVersion: '3.9', status: 'enabled' });
  });

  it("answers 404 for another tenant's client, another tenant's id or an unknown client; 403 to a member; 401 without a session", async () => {
    expect((await server.request('acme', 'PATCH', clientPath(acmeId, clients.globex!), { session: acmeAdmin, body: { status: 'disabled' } })).status).toBe(404);
    expect((await server.request('acme', 'PATCH', clientPath(globexId, clients.globex!), { session: acmeAdmin, body: { status: 'disabled' } })).status).toBe(404);
    expect((await server.request('acme', 'PATCH', clientPath(acmeId, unknownId), { session: acmeAdmin, body: { status: 'disabled' } })).status).toBe(404);
    // The platform administrator names the tenant: a client of globex is not acme's.
    expect((await server.request('system', 'PATCH', clientPath(acmeId, clients.globex!), { session: superadmin, body: { status: 'disabled' } })).status).toBe(404);
    expect((await server.request('acme', 'PATCH', clientPath(acmeId, clients.web!), { session: acmeMember, body: { status: 'disabled' } })).status).toBe(403);
    expect((await server.request('acme', 'PATCH', clientPath(acmeId, clients.web!), { body: { status: 'disabled' } })).status).toBe(401);
    const [globex] = await server.database.withTenant(globexId, (tx) => tx.select().from(mediaClients).where(eq(mediaClients.id, clients.globex!)));
    expect(globex?.status).toBe('enabled');
  });

  it("lets the platform super administrator switch acme's client on, audited in acme's log under its own name", async () => {
    const res = await server.request('system', 'PATCH', clientPath(acmeId, clients.desktop!), { session: superadmin, body: { status: 'enabled', maxVersion: null } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: clients.desktop, status: 'enabled', maxVersion: null });
    const entries = await server.database.withTenant(acmeId, (tx) => tx.select().from(auditLog).where(eq(auditLog.entityId, clients.desktop!)));
    expect(entries.at(-1)).toMatchObject({ entity: 'media_client', actorLabel: userEmail('system', 'superadmin') });
  });
});
