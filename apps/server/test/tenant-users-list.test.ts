// One tenant's users for the tenant detail's User section (getTenantUsers): the same page as
// getUsers, for the caller's own tenant or, for the platform super administrator, any tenant;
// another tenant's id answers 404 to anyone else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const usersOf = (tenantId: string, query: string, options: { session?: TestSession; tenant?: string } = {}) =>
  server.request(options.tenant ?? 'acme', 'GET', `/tenants/${tenantId}/users${query}`, { session: options.session });

const emails = (body: { items: Array<{ email: string }> }) => body.items.map((user) => user.email);

describe('getTenantUsers', () => {
  it("gives acme's tenant administrator the same page of acme's users as getUsers", async () => {
    const res = await usersOf(acmeId, '?sort=email&limit=100', { session: acmeAdmin });
    expect(res.status).toBe(200);
    const own = await server.request('acme', 'GET', '/users?sort=email&limit=100', { session: acmeAdmin });
    expect(res.body).toEqual(own.body);
    expect(emails(res.body)).toContain('member@acme.test');
    expect(emails(res.body).every((email) => email.endsWith('@acme.test'))).toBe(true);
  });

  it("lets the platform super administrator page and search acme's users, and only acme's", async () => {
    const first = await usersOf(acmeId, '?limit=2&sort=-email', { session: superadmin, tenant: 'system' });
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(2);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await usersOf(acmeId, `?limit=2&sort=-email&cursor=${encodeURIComponent(first.body.nextCursor)}`, { session: superadmin, tenant: 'system' });
    expect(second.status).toBe(200);
    const seen = [...emails(first.body), ...emails(second.body)];
    expect(new Set(seen).size).toBe(4);
    expect(seen).toEqual([...seen].sort().reverse());
    expect(seen.every((email) => email.endsWith('@acme.test'))).toBe(true);

    const search = await usersOf(acmeId, '?q=dora', { session: superadmin, tenant: 'system' });
    expect(search.status).toBe(200);
    expect(emails(search.body)).toEqual(['disabled@acme.test']);
    const disabled = await usersOf(acmeId, '?status=disabled', { session: superadmin, tenant: 'system' });
    expect(emails(disabled.body)).toEqual(['disabled@acme.test']);
  });

  it("answers 404 to acme's administrator naming globex, and to the platform administrator naming no tenant", async () => {
    expect((await usersOf(globexId, '', { session: acmeAdmin })).status).toBe(404);
    expect((await usersOf('00000000-0000-4000-8000-000000000000', '', { session: superadmin, tenant: 'system' })).status).toBe(404);
  });

  it('answers 403 to a member, 401 without a session', async () => {
    expect((await usersOf(acmeId, '', { session: acmeMember })).status).toBe(403);
    expect((await usersOf(acmeId, '')).status).toBe(401);
  });

  it('answers 400 to a bad query or tenant id', async () => {
    const badSort = await usersOf(acmeId, '?sort=password', { session: acmeAdmin });
    expect(badSort.status).toBe(400);
    expect((await usersOf(acmeId, '?limit=0', { session: acmeAdmin })).status).toBe(400);
    expect((await usersOf(acmeId, '?cursor=forged', { session: acmeAdmin })).status).toBe(400);
    expect((await usersOf('not-a-uuid', '', { session: acmeAdmin })).status).toBe(400);
  });
});
