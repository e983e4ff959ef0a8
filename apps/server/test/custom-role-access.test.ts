// One rule on both sides for custom roles (issue 16 section 2): a custom role is in the role groups
// its permissions need, so its holders see in the menu exactly the screens whose operations they
// may call, and no permission that needs the super administrator's group can be put in one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, userEmail, type TestServer, type TestSession } from './harness.ts';

let server: TestServer;
let tenantAdmin: TestSession;
let superadmin: TestSession;

type NavNode = { id: string; children?: NavNode[] };
const menuIds = (nodes: NavNode[]): string[] => nodes.flatMap((node) => [node.id, ...menuIds(node.children ?? [])]);

async function holderOf(roleName: string, permissions: string[], email: string): Promise<TestSession> {
  const role = await server.request('acme', 'POST', '/roles', { session: tenantAdmin, body: { name: roleName, description: '', permissions } });
  expect(role.status).toBe(201);
  const added = await server.request('acme', 'POST', '/users', {
    session: tenantAdmin,
    body: { email, firstName: 'Cora', lastName: 'Custom', roles: [roleName], passwordMode: 'manual', password: 'Custom-Pass1', changePasswordOnSignIn: false },
  });
  expect(added.status).toBe(201);
  return server.login('acme', email, 'Custom-Pass1');
}

beforeAll(async () => {
  server = await startTestServer();
  tenantAdmin = await server.login('acme', userEmail('acme', 'tenantadmin'));
  superadmin = await server.login('system', userEmail('system', 'superadmin'));
});

afterAll(async () => {
  await server?.close();
});

describe('a custom role with an admin-level permission', () => {
  let viewer: TestSession;
  beforeAll(async () => {
    viewer = await holderOf('User viewers', ['user.get', 'user.profile.get', 'meeting.schedule.get'], 'viewer@acme.test');
  });

  it('lists users, and its menu and /me say so', async () => {
    expect((await server.request('acme', 'GET', '/users', { session: viewer })).status).toBe(200);
    // The audit and email logs are the Users item's siblings, under the same permission and group.
    expect((await server.request('acme', 'GET', '/audit-log', { session: viewer })).status).toBe(200);
    const me = await server.request('acme', 'GET', '/me', { session: viewer });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ role: 'member', roles: ['User viewers'], roleGroups: ['accountadmin', 'admin', 'member'] });
    const menu = await server.request('acme', 'GET', '/me/permissions', { session: viewer });
    expect(menu.status).toBe(200);
    expect(menu.body.roleGroups).toEqual(['accountadmin', 'admin', 'member']);
    const ids = menuIds(menu.body.data.children);
    expect(ids).toEqual(expect.arrayContaining(['user', 'audit-log', 'email-log', 'profile', 'upcoming-meetings', 'past-meetings']));
    for (const hidden of ['dashboard', 'live-meeting', 'completed-meetings', 'tenant', 'roles', 'webhooks', 'billing-plan', 'schedule-meeting', 'apps']) {
      expect(ids).not.toContain(hidden);
    }
  });

  it('still cannot call what its permissions do not open', async () => {
    expect((await server.request('acme', 'GET', '/roles', { session: viewer })).status).toBe(403);
    expect((await server.request('acme', 'GET', '/live-meetings', { session: viewer })).status).toBe(403);
    expect((await server.request('acme', 'POST', '/dashboard', { session: viewer, body: {} })).status).toBe(403);
    expect((await server.request('acme', 'GET', '/billing/invoices', { session: viewer })).status).toBe(403);
  });

  it('has a read-only profile without user.profile.update: the update is refused with 403', async () => {
    expect((await server.request('acme', 'GET', '/me/profile', { session: viewer })).status).toBe(200);
    const update = await server.request('acme', 'PATCH', '/me/profile', { session: viewer, body: { firstName: 'Changed' } });
    expect(update.status).toBe(403);
  });
});

describe('custom roles of the member and account administrator levels', () => {
  it('a member-level role stays in the member group: no admin screen, no admin operation', async () => {
    const planner = await holderOf('Planners', ['meeting.schedule.get', 'meeting.schedule.put', 'user.profile.get'], 'planner@acme.test');
    const menu = await server.request('acme', 'GET', '/me/permissions', { session: planner });
    expect(menu.body.roleGroups).toEqual(['member']);
    expect(menuIds(menu.body.data.children)).toEqual(expect.arrayContaining(['schedule-meeting', 'upcoming-meetings']));
    expect(menuIds(menu.body.data.children)).not.toContain('user');
    expect((await server.request('acme', 'GET', '/users', { session: planner })).status).toBe(403);
  });

  it('a billing permission puts the role in the account administrators group: its invoices open', async () => {
    const payer = await holderOf('Payers', ['billing.invoice.get'], 'payer@acme.test');
    const menu = await server.request('acme', 'GET', '/me/permissions', { session: payer });
    expect(menu.body.roleGroups).toEqual(['accountadmin', 'member']);
    expect(menuIds(menu.body.data.children)).toContain('billing-invoice');
    expect((await server.request('acme', 'GET', '/billing/invoices', { session: payer })).status).toBe(200);
    expect((await server.request('acme', 'GET', '/users', { session: payer })).status).toBe(403);
  });
});

describe('permissions a custom role cannot hold', () => {
  it('the role form tree names the group each permission needs', async () => {
    const tree = await server.request('system', 'GET', '/permissions/tree', { session: superadmin });
    expect(tree.status).toBe(200);
    const flat = tree.body.areas.flatMap((area: { permissions: { permission: string; roleGroup: string }[] }) => area.permissions);
    const needs = Object.fromEntries(flat.map((p: { permission: string; roleGroup: string }) => [p.permission, p.roleGroup]));
    expect(needs).toMatchObject({ 'user.get': 'admin', 'client.get': 'superadmin', 'billing.plans.get': 'accountadmin', 'meeting.put': 'member', 'user.profile.update': 'member' });
  });

  it('saving a custom role with a super administrator permission is 400 with a field error', async () => {
    const created = await server.request('system', 'POST', '/roles', {
      session: superadmin,
      body: { name: 'Support desk', description: '', permissions: ['user.get', 'room.feedback.get', 'client.get'] },
    });
    expect(created.status).toBe(400);
    expect(created.body.errors).toEqual([
      { field: 'permissions.1', code: 'permission_needs_role_group', message: 'room.feedback.get' },
      { field: 'permissions.2', code: 'permission_needs_role_group', message: 'client.get' },
    ]);
    const made = await server.request('system', 'POST', '/roles', { session: superadmin, body: { name: 'Support desk', description: '', permissions: ['user.get'] } });
    expect(made.status).toBe(201);
    const grown = await server.request('system', 'PATCH', `/roles/${made.body.items[0].id}`, { session: superadmin, body: { permissions: ['user.get', 'plans.put'] } });
    expect(grown.status).toBe(400);
    expect(grown.body.errors).toEqual([{ field: 'permissions.1', code: 'permission_needs_role_group', message: 'plans.put' }]);
  });

  it('the built-in superadmin role keeps them', async () => {
    const list = await server.request('system', 'GET', '/roles?limit=100', { session: superadmin });
    const role = list.body.items.find((r: { name: string }) => r.name === 'superadmin') as { id: string; permissions: string[] };
    const kept = await server.request('system', 'PATCH', `/roles/${role.id}`, { session: superadmin, body: { permissions: role.permissions } });
    expect(kept.status).toBe(200);
  });
});
