// Import and export of one tenant's users from the tenant list: the tenant's own administrators
// reach their tenant, the platform super administrator reaches any tenant, nobody else reaches
// another tenant's users (404), and a bad file changes nothing.
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../src/kernel/db/schema.ts';
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

const importInto = (tenantId: string, csv: string, options: { session?: TestSession; tenant?: string } = {}) =>
  server.request(options.tenant ?? 'acme', 'POST', `/tenants/${tenantId}/users/import`, { session: options.session, rawBody: csv, contentType: 'text/csv' });

const exportOf = (tenantId: string, options: { session?: TestSession; tenant?: string } = {}) =>
  server.request(options.tenant ?? 'acme', 'GET', `/tenants/${tenantId}/users/export`, { session: options.session });

const usersLike = (tenantId: string, pattern: string) => server.database.withTenant(tenantId, (tx) => tx.select().from(users).where(like(users.email, pattern)));

describe('importTenantUsers', () => {
  it("lets the platform super administrator import into globex, under globex's rules, audited in globex's log", async () => {
    const res = await importInto(globexId, 'email,firstName,lastName,role\nti.one@globex.test,Tia,One,member\n', { session: superadmin, tenant: 'system' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ created: 1 });
    const [row] = await usersLike(globexId, 'ti.one@%');
    expect(row).toMatchObject({ tenantId: globexId, firstName: 'Tia' });
    const entries = await server.database.withTenant(globexId, (tx) => tx.select().from(auditLog));
    expect(entries.some((e) => e.entity === 'user' && e.entityId === row!.id && e.action === 'create')).toBe(true);
    expect(await usersLike(acmeId, 'ti.one@%')).toEqual([]);
  });

  it("lets acme's tenant administrator import into acme", async () => {
    const res = await importInto(acmeId, 'email,firstName,lastName,role\nti.two@acme.test,Tia,Two,member\n', { session: acmeAdmin });
    expect(res.status).toBe(200);
    expect(await usersLike(acmeId, 'ti.two@%')).toHaveLength(1);
  });

  it('rejects a file with a bad row as a whole (422 with the row), creating nobody', async () => {
    const res = await importInto(globexId, 'email,firstName,lastName,role\nti.three@globex.test,Tia,Three,member\nnot-an-email,Tia,Four,member\n', {
      session: superadmin,
      tenant: 'system',
    });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('import_invalid');
    expect(res.body.rowErrors).toEqual([expect.objectContaining({ row: 3, field: 'email' })]);
    expect(await usersLike(globexId, 'ti.three@%')).toEqual([]);
  });

  it("answers 404 to acme's administrator naming globex, 403 to a member, 401 without a session, 400 for a bad id", async () => {
    const csv = 'email,firstName,lastName,role\nti.five@acme.test,Tia,Five,member\n';
    expect((await importInto(globexId, csv, { session: acmeAdmin })).status).toBe(404);
    expect((await importInto(acmeId, csv, { session: acmeMember })).status).toBe(403);
    expect((await importInto(acmeId, csv)).status).toBe(401);
    expect((await importInto('not-a-uuid', csv, { session: acmeAdmin })).status).toBe(400);
    expect(await usersLike(globexId, 'ti.five@%')).toEqual([]);
    expect(await usersLike(acmeId, 'ti.five@%')).toEqual([]);
  });
});

describe('exportTenantUsers', () => {
  it("gives the platform super administrator globex's users, and only globex's, in the import format", async () => {
    const res = await exportOf(globexId, { session: superadmin, tenant: 'system' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="users-globex.csv"');
    const { text } = res;
    expect(text.split(/\r?\n/)[0]).toMatch(/^\uFEFF?email,firstName,lastName,role/);
    expect(text).toMatch(/@globex\.test/);
    expect(text).not.toMatch(/@acme\.test/);
  });

  it("answers 404 to acme's administrator naming globex, 403 to a member, 401 without a session", async () => {
    expect((await exportOf(globexId, { session: acmeAdmin })).status).toBe(404);
    expect((await exportOf(acmeId, { session: acmeMember })).status).toBe(403);
    expect((await exportOf(acmeId)).status).toBe(401);
    expect((await exportOf(acmeId, { session: acmeAdmin })).status).toBe(200);
  });
});
