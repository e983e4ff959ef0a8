// The audit log over real HTTP: the users operations write it, each tenant reads only its own,
// filtered, paged and exported; the platform super administrator reads any tenant's by tenantId.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, userEmail, type TestServer, type TestSession } from './harness.ts';

let server: TestServer;
let acmeAdmin: TestSession;
let globexAdmin: TestSession;
let acmeMember: TestSession;
let superadmin: TestSession;

type Entry = { action: string; entity: string; entityId: string | null; actor: string; ip: string | null; before: unknown; after: unknown; createdAt: string };

async function log(tenant: string, session: TestSession, query = ''): Promise<Entry[]> {
  const res = await server.request(tenant, 'GET', `/audit-log?limit=100${query}`, { session });
  expect(res.status).toBe(200);
  return res.body.items;
}

beforeAll(async () => {
  server = await startTestServer();
  acmeAdmin = await server.login('acme', userEmail('acme', 'admin'));
  globexAdmin = await server.login('globex', userEmail('globex', 'admin'));
  acmeMember = await server.login('acme', userEmail('acme', 'member'));
  superadmin = await server.login('system', userEmail('system', 'superadmin'));
});

afterAll(async () => {
  await server?.close();
});

describe('users operations write the audit log', () => {
  it('records create, update, invite, import and delete with who, from where, before and after', async () => {
    const created = await server.request('acme', 'POST', '/users', {
      session: acmeAdmin,
      body: { email: 'audited@acme.test', firstName: 'Aud', lastName: 'Ited', roles: ['member'], passwordMode: 'manual', password: 'Secret12' },
    });
    expect(created.status).toBe(201);
    const id = created.body.user.id as string;
    expect((await server.request('acme', 'PATCH', `/users/${id}`, { session: acmeAdmin, body: { firstName: 'Audi' } })).status).toBe(200);
    expect((await server.request('acme', 'POST', `/users/${id}/invite`, { session: acmeAdmin })).status).toBe(202);
    const imported = await server.request('acme', 'POST', '/users/import', {
      session: acmeAdmin,
      rawBody: 'email,firstName,lastName,role\none@acme.test,One,Imp,member\ntwo@acme.test,Two,Imp,member\n',
      contentType: 'text/csv',
    });
    expect(imported.status).toBe(200);
    expect((await server.request('acme', 'DELETE', `/users/${id}`, { session: acmeAdmin })).status).toBe(204);

    const entries = (await log('acme', acmeAdmin, '&entity=user')).filter((e) => e.entityId === id);
    expect(entries.map((e) => e.action)).toEqual(['delete', 'update', 'update', 'create']);
    const [deleted, invited, updated, create] = entries;
    expect(create).toMatchObject({ actor: userEmail('acme', 'admin'), after: expect.objectContaining({ email: 'audited@acme.test', roles: ['member'] }), before: null });
    expect(JSON.stringify(create)).not.toContain('Secret12');
    expect(create!.ip).toEqual(expect.any(String));
    expect(updated).toMatchObject({ before: expect.objectContaining({ firstName: 'Aud' }), after: expect.objectContaining({ firstName: 'Audi' }) });
    expect(invited).toMatchObject({ after: { invitationSentTo: 'audited@acme.test' } });
    expect(deleted).toMatchObject({ before: expect.objectContaining({ email: 'audited@acme.test' }), after: null });
    const importedEntries = (await log('acme', acmeAdmin, '&action=create')).filter((e) => (e.after as { source?: string }).source === 'import');
    expect(importedEntries.map((e) => (e.after as { email: string }).email).sort()).toEqual(['one@acme.test', 'two@acme.test']);
  });

  it('records nothing for an update that changes nothing', async () => {
    const id = server.ids.users[userEmail('acme', 'member')]!;
    const before = (await log('acme', acmeAdmin)).length;
    await server.request('acme', 'PATCH', `/users/${id}`, { session: acmeAdmin, body: { firstName: 'Member' } });
    expect((await log('acme', acmeAdmin)).length).toBe(before);
  });
});

describe('getAuditLog', () => {
  it('shows a tenant administrator only its own tenant: globex never sees acme entries', async () => {
    await server.request('globex', 'POST', '/users', {
      session: globexAdmin,
      body: { email: 'g1@globex.test', firstName: 'G', lastName: 'One', roles: ['member'], passwordMode: 'generate' },
    });
    const globex = await log('globex', globexAdmin);
    expect(globex.length).toBeGreaterThan(0);
    expect(globex.every((e) => e.actor.endsWith('@globex.test'))).toBe(true);
    expect(JSON.stringify(globex)).not.toContain('acme.test');
    // The super administrator in the system realm sees the system tenant's log, not acme's.
    const system = await log('system', superadmin);
    expect(JSON.stringify(system)).not.toContain('audited@acme.test');
  });

  it('filters by actor, action, entity and date range, and pages newest first', async () => {
    expect((await log('acme', acmeAdmin, '&actor=ADMIN@acme')).length).toBeGreaterThan(0);
    expect(await log('acme', acmeAdmin, '&actor=nobody')).toEqual([]);
    expect((await log('acme', acmeAdmin, '&action=delete')).every((e) => e.action === 'delete')).toBe(true);
    expect(await log('acme', acmeAdmin, '&entity=media_client')).toEqual([]);
    const future = new Date(Date.now() + 86_400_000).toISOString();
    expect(await log('acme', acmeAdmin, `&from=${encodeURIComponent(future)}`)).toEqual([]);
    const all = await log('acme', acmeAdmin);
    const times = all.map((e) => e.createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await server.request('acme', 'GET', `/audit-log?limit=2${cursor ? `&cursor=${cursor}` : ''}`, { session: acmeAdmin });
      seen.push(...res.body.items.map((e: { id: string }) => e.id));
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.map((e) => (e as unknown as { id: string }).id));
  });

  it('answers 400 when the end date is before the start date, or the cursor is forged', async () => {
    const res = await server.request('acme', 'GET', '/audit-log?from=2026-05-02T00:00:00Z&to=2026-05-01T00:00:00Z', { session: acmeAdmin });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([expect.objectContaining({ field: 'to', code: 'end_before_start' })]);
    const forged = await server.request('acme', 'GET', '/audit-log?cursor=bm90LWpzb24', { session: acmeAdmin });
    expect(forged.status).toBe(400);
    const badAction = await server.request('acme', 'GET', '/audit-log?action=hack', { session: acmeAdmin });
    expect(badAction.status).toBe(400);
    // Only the kinds the contract lists (the ones the portal can name) are filters.
    const badEntity = await server.request('acme', 'GET', '/audit-log?entity=tenant_smtp', { session: acmeAdmin });
    expect(badEntity.status).toBe(400);
    expect(badEntity.body.errors).toEqual([expect.objectContaining({ field: 'entity' })]);
    expect((await server.request('acme', 'GET', '/audit-log?entity=tenant.smtp', { session: acmeAdmin })).status).toBe(200);
  });

  it('answers 401 without a session and 403 to a member', async () => {
    expect((await server.request('acme', 'GET', '/audit-log')).status).toBe(401);
    expect((await server.request('acme', 'GET', '/audit-log', { session: acmeMember })).status).toBe(403);
    expect((await server.request('acme', 'GET', '/audit-log/export', { session: acmeMember })).status).toBe(403);
  });
});

describe('the tenantId filter', () => {
  const unknownTenant = '3f2b8c1e-0000-4000-8000-000000000999';

  it("shows the platform super administrator a tenant's log, with the changes it made to that tenant", async () => {
    const acmeId = server.ids.tenants.acme;
    const address = `Audit street ${Date.now()}`;
    const changed = await server.request('system', 'PATCH', `/tenants/${acmeId}`, { session: superadmin, body: { address } });
    expect(changed.status).toBe(200);

    const entries = await log('system', superadmin, `&tenantId=${acmeId}&entity=tenant`);
    const entry = entries.find((e) => (e.after as { address?: string } | null)?.address === address);
    expect(entry).toMatchObject({ action: 'update', entityId: acmeId, actor: userEmail('system', 'superadmin') });
    // Acme's own entries come with it; the system log does not hold the change.
    expect((await log('system', superadmin, `&tenantId=${acmeId}&entity=user`)).some((e) => e.actor === userEmail('acme', 'admin'))).toBe(true);
    expect(JSON.stringify(await log('system', superadmin))).not.toContain(address);

    const csv = await server.request('system', 'GET', `/audit-log/export?tenantId=${acmeId}&entity=tenant`, { session: superadmin });
    expect(csv.status).toBe(200);
    expect(csv.text).toContain(address);
    expect((await server.request('system', 'GET', '/audit-log/export?entity=tenant', { session: superadmin })).text).not.toContain(address);
  });

  it("answers 404 to a tenant administrator naming another tenant, and to anyone naming an unknown one", async () => {
    for (const path of ['/audit-log', '/audit-log/export']) {
      const foreign = await server.request('globex', 'GET', `${path}?tenantId=${server.ids.tenants.acme}`, { session: globexAdmin });
      expect(foreign.status, path).toBe(404);
      expect(foreign.text).not.toContain('acme.test');
      expect((await server.request('acme', 'GET', `${path}?tenantId=${server.ids.tenants.system}`, { session: acmeAdmin })).status, path).toBe(404);
      expect((await server.request('system', 'GET', `${path}?tenantId=${unknownTenant}`, { session: superadmin })).status, path).toBe(404);
    }
  });

  it("lets a tenant administrator name its own tenant", async () => {
    const own = await log('acme', acmeAdmin, `&tenantId=${server.ids.tenants.acme}`);
    expect(own.map((e) => e.createdAt)).toEqual((await log('acme', acmeAdmin)).map((e) => e.createdAt));
    const csv = await server.request('acme', 'GET', `/audit-log/export?tenantId=${server.ids.tenants.acme}`, { session: acmeAdmin });
    expect(csv.status).toBe(200);
  });

  it('answers 400 with the field for a tenantId that is not a uuid, and 403 to a member naming any tenant', async () => {
    for (const path of ['/audit-log', '/audit-log/export']) {
      const bad = await server.request('system', 'GET', `${path}?tenantId=acme`, { session: superadmin });
      expect(bad.status, path).toBe(400);
      expect(bad.body.errors).toEqual([expect.objectContaining({ field: 'tenantId' })]);
      expect((await server.request('acme', 'GET', `${path}?tenantId=${server.ids.tenants.acme}`, { session: acmeMember })).status, path).toBe(403);
    }
  });
});

describe('exportAuditLog', () => {
  it('streams the filtered entries of the caller tenant as CSV', async () => {
    const res = await server.request('acme', 'GET', '/audit-log/export?action=delete', { session: acmeAdmin });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('when,actor,action,entity,entityId,ip,before,after');
    expect(lines.slice(1).length).toBe((await log('acme', acmeAdmin, '&action=delete')).length);
    expect(lines.slice(1).every((l) => l.includes(',delete,user,'))).toBe(true);
    const globex = await server.request('globex', 'GET', '/audit-log/export', { session: globexAdmin });
    expect(globex.text).not.toContain('acme.test');
    const bad = await server.request('acme', 'GET', '/audit-log/export?from=2026-05-02T00:00:00Z&to=2026-05-01T00:00:00Z', { session: acmeAdmin });
    expect(bad.status).toBe(400);
  });
});
