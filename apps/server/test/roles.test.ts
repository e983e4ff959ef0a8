// The roles operations (spec 'Roles') over real HTTP: tenant administrators create, edit, disable
// and delete their tenant's roles, never granting more than they hold (dial in and dial out
// included, and only while the tenant has them on), never touching a role above them; a role
// change applies to its holders on their very next request.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, roles } from '../src/kernel/db/schema.ts';
import { startTestServer, userEmail, type TestServer, type TestSession } from './harness.ts';

let server: TestServer;
let tenantAdmin: TestSession;
let admin: TestSession;
let member: TestSession;
let superadmin: TestSession;
let globexRoleId: string;
const unknownId = '7d0c3a5e-9c1e-4c8e-9b2f-2f1f0e6f4a11';

const newRole = (name: string, overrides: Record<string, unknown> = {}) => ({ name, description: `${name} role`, permissions: ['user.get'], ...overrides });

async function create(name: string, overrides: Record<string, unknown> = {}, session = tenantAdmin) {
  const res = await server.request('acme', 'POST', '/roles', { session, body: newRole(name, overrides) });
  expect(res.status).toBe(201);
  return res.body.items[0] as { id: string; name: string };
}

beforeAll(async () => {
  server = await startTestServer();
  tenantAdmin = await server.login('acme', userEmail('acme', 'tenantadmin'));
  admin = await server.login('acme', userEmail('acme', 'admin'));
  member = await server.login('acme', userEmail('acme', 'member'));
  superadmin = await server.login('system', userEmail('system', 'superadmin'));
  globexRoleId = server.ids.roles.globex.member!;
  // acme has the phone bridge (only the platform switches it on); globex keeps it off.
  await setTenantDial('acme', { dialIn: true, dialOut: true });
});

async function setTenantDial(tenant: 'acme' | 'globex', flags: { dialIn?: boolean; dialOut?: boolean }) {
  const res = await server.request('system', 'PATCH', `/tenants/${server.ids.tenants[tenant]}`, { session: superadmin, body: flags });
  expect(res.status).toBe(200);
}

afterAll(async () => {
  await server?.close();
});

describe('getRoles / getRole', () => {
  it('lists the tenant roles by name with holders and whether the caller may edit them', async () => {
    const res = await server.request('acme', 'GET', '/roles', { session: admin });
    expect(res.status).toBe(200);
    const names = res.body.items.map((r: { name: string }) => r.name);
    expect(names).toEqual([...names].sort());
    expect(names).toContain('member');
    const tenantadminRole = res.body.items.find((r: { name: string }) => r.name === 'tenantadmin');
    // admin ranks below tenantadmin: it sees the role but may not edit it.
    expect(tenantadminRole).toMatchObject({ builtIn: true, editable: false, userCount: 1 });
    expect(res.body.items.find((r: { name: string }) => r.name === 'member')).toMatchObject({ editable: true });
  });

  it('searches and pages with a cursor', async () => {
    const first = await server.request('acme', 'GET', '/roles?limit=2', { session: admin });
    expect(first.body.items).toHaveLength(2);
    const second = await server.request('acme', 'GET', `/roles?limit=2&cursor=${first.body.nextCursor}`, { session: admin });
    expect(second.body.items[0].name > first.body.items[1].name).toBe(true);
    const found = await server.request('acme', 'GET', '/roles?q=ACCOUNT', { session: admin });
    expect(found.body.items.map((r: { name: string }) => r.name)).toEqual(['accountadmin']);
    expect((await server.request('acme', 'GET', '/roles?cursor=nope', { session: admin })).body.errors[0]).toMatchObject({ field: 'cursor', code: 'invalid_cursor' });
  });

  it('answers 403 to a member, 401 without a session, 404 for another tenant role', async () => {
    expect((await server.request('acme', 'GET', '/roles', { session: member })).status).toBe(403);
    expect((await server.request('acme', 'GET', '/roles')).status).toBe(401);
    expect((await server.request('acme', 'GET', `/roles/${globexRoleId}`, { session: admin })).status).toBe(404);
    const own = await server.request('acme', 'GET', `/roles/${server.ids.roles.acme.member}`, { session: admin });
    expect(own.body).toMatchObject({ name: 'member', builtIn: true });
  });
});

describe('putRole', () => {
  it('creates a role in the caller tenant and records it in the audit log', async () => {
    const res = await server.request('acme', 'POST', '/roles', {
      session: tenantAdmin,
      body: newRole('Viewers', { permissions: ['user.get', 'user.profile.get', 'user.get'], dialIn: true, status: 'disabled' }),
    });
    expect(res.status).toBe(201);
    expect(res.body.items).toHaveLength(1);
    expect(res.body.items[0]).toMatchObject({ name: 'Viewers', permissions: ['user.get', 'user.profile.get'], dialIn: true, dialOut: false, status: 'disabled', builtIn: false, userCount: 0, tenantId: server.ids.tenants.acme });
    const [entry] = await server.database.withTenant(server.ids.tenants.acme, (tx) => tx.select().from(auditLog).where(eq(auditLog.entityId, res.body.items[0].id)));
    expect(entry).toMatchObject({ action: 'create', entity: 'role', actorLabel: userEmail('acme', 'tenantadmin') });
  });

  it('refuses with 403 permission_not_held, naming each permission the caller does not hold', async () => {
    const res = await server.request('acme', 'POST', '/roles', { session: tenantAdmin, body: newRole('Escalate', { permissions: ['user.get', 'client.get', 'plans.put'] }) });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('permission_not_held');
    expect(res.body.errors).toEqual([
      { field: 'permissions.1', code: 'permission_not_held', message: 'client.get' },
      { field: 'permissions.2', code: 'permission_not_held', message: 'plans.put' },
    ]);
    const [row] = await server.database.withTenant(server.ids.tenants.acme, (tx) => tx.select().from(roles).where(eq(roles.name, 'Escalate')));
    expect(row).toBeUndefined();
  });

  it('answers 400 with field codes for a missing, blank or reserved name and an unknown permission', async () => {
    const missing = await server.request('acme', 'POST', '/roles', { session: tenantAdmin, body: { permissions: [] } });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toContainEqual(expect.objectContaining({ field: 'name', code: 'required' }));
    const blank = await server.request('acme', 'POST', '/roles', { session: tenantAdmin, body: newRole('   ') });
    expect(blank.body.errors[0]).toMatchObject({ field: 'name', code: 'required' });
    const reserved = await server.request('acme', 'POST', '/roles', { session: tenantAdmin, body: newRole('Admin') });
    expect(reserved.body.errors[0]).toMatchObject({ field: 'name', code: 'reserved_name' });
    const tooLong = await server.request('acme', 'POST', '/roles', { session: tenantAdmin, body: newRole('x'.repeat(51)) });
    expect(tooLong.body.errors[0]).toMatchObject({ field: 'name', code: 'invalid_role_name' });
    const unknown = await server.request('acme', 'POST', '/roles', { session: tenantAdmin, body: newRole('Odd', { permissions: ['user.get', 'user.fly'] }) });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([{ field: 'permissions.1', code: 'invalid_permission', message: 'user.fly' }]);
  });

  it('answers 409 name_exists for a name the tenant has, and 403 to a member', async () => {
    await create('Dupes');
    const again = await server.request('acme', 'POST', '/roles', { session: tenantAdmin, body: newRole('Dupes') });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('name_exists');
    expect((await server.request('acme', 'POST', '/roles', { session: member, body: newRole('Nope') })).status).toBe(403);
  });

  it('lets only a super administrator create the role in other tenants, one per tenant', async () => {
    const refused = await server.request('acme', 'POST', '/roles', { session: tenantAdmin, body: newRole('Spread', { tenants: [server.ids.tenants.globex] }) });
    expect(refused.status).toBe(403);
    const res = await server.request('system', 'POST', '/roles', {
      session: superadmin,
      // A super administrator may grant any permission, even one it does not hold itself.
      body: newRole('Auditors', { permissions: ['user.get', 'meeting.put'], tenants: [server.ids.tenants.acme, server.ids.tenants.globex] }),
    });
    expect(res.status).toBe(201);
    expect(res.body.items.map((r: { tenantId: string }) => r.tenantId)).toEqual([server.ids.tenants.acme, server.ids.tenants.globex]);
    const inGlobex = await server.database.withTenant(server.ids.tenants.globex, (tx) => tx.select().from(roles).where(eq(roles.name, 'Auditors')));
    expect(inGlobex[0]?.permissions).toEqual(['user.get', 'meeting.put']);
    const unknownTenant = await server.request('system', 'POST', '/roles', { session: superadmin, body: newRole('Ghost', { tenants: [unknownId] }) });
    expect(unknownTenant.status).toBe(400);
    expect(unknownTenant.body.errors[0]).toMatchObject({ field: 'tenants.0', code: 'unknown_tenant' });
  });
});

describe('updateRole', () => {
  it('edits and disables a role; 404 for another tenant role; 400 for bad input', async () => {
    const role = await create('Editors');
    const res = await server.request('acme', 'PATCH', `/roles/${role.id}`, { session: tenantAdmin, body: { name: 'Editors 2', permissions: ['user.update'], dialOut: true } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Editors 2', permissions: ['user.update'], dialOut: true, status: 'enabled' });
    const disabled = await server.request('acme', 'PATCH', `/roles/${role.id}`, { session: tenantAdmin, body: { status: 'disabled' } });
    expect(disabled.body.status).toBe('disabled');
    expect((await server.request('acme', 'PATCH', `/roles/${globexRoleId}`, { session: tenantAdmin, body: { status: 'disabled' } })).status).toBe(404);
    const bad = await server.request('acme', 'PATCH', `/roles/${role.id}`, { session: tenantAdmin, body: { status: 'sleeping' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('status');
    expect((await server.request('acme', 'PATCH', `/roles/${role.id}`, { session: member, body: { status: 'enabled' } })).status).toBe(403);
  });

  it('refuses a role ranked above the caller and permissions it does not hold', async () => {
    const above = await server.request('acme', 'PATCH', `/roles/${server.ids.roles.acme.tenantadmin}`, { session: admin, body: { description: 'mine now' } });
    expect(above.status).toBe(403);
    expect(above.body.code).toBe('role_above_caller');
    // A role above the caller is refused as such, whatever the change would also hand out.
    const aboveGrowing = await server.request('acme', 'PATCH', `/roles/${server.ids.roles.acme.tenantadmin}`, { session: admin, body: { permissions: ['dev.client.put'] } });
    expect(aboveGrowing.status).toBe(403);
    expect(aboveGrowing.body.code).toBe('role_above_caller');
    const role = await create('Growing');
    const grow = await server.request('acme', 'PATCH', `/roles/${role.id}`, { session: tenantAdmin, body: { permissions: ['user.get', 'dev.client.put'] } });
    expect(grow.status).toBe(403);
    expect(grow.body.errors).toEqual([{ field: 'permissions.1', code: 'permission_not_held', message: 'dev.client.put' }]);
  });

  it('keeps the names of built-in roles', async () => {
    const res = await server.request('acme', 'PATCH', `/roles/${server.ids.roles.acme.member}`, { session: tenantAdmin, body: { name: 'people' } });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('built_in_role');
  });

  it('applies to the holder on the very next request', async () => {
    const role = await create('User readers', { permissions: ['user.get', 'user.profile.get'] });
    const holderId = server.ids.users[userEmail('acme', 'accountadmin')]!;
    const assign = await server.request('acme', 'PATCH', `/users/${holderId}`, { session: tenantAdmin, body: { roles: ['accountadmin', 'User readers'] } });
    expect(assign.status).toBe(200);
    const holder = await server.login('acme', userEmail('acme', 'accountadmin'));
    expect((await server.request('acme', 'GET', '/users', { session: holder })).status).toBe(200);
    // Warm the principal cache, then take `user.get` away.
    expect((await server.request('acme', 'GET', '/users', { session: holder })).status).toBe(200);
    const drop = await server.request('acme', 'PATCH', `/roles/${role.id}`, { session: tenantAdmin, body: { permissions: ['user.profile.get'] } });
    expect(drop.status).toBe(200);
    expect((await server.request('acme', 'GET', '/users', { session: holder })).status).toBe(403);
  });
});

describe('deleteRole / deleteRoles', () => {
  it('deletes a role and takes it away from its holders', async () => {
    const role = await create('Temporary');
    const holderId = server.ids.users[userEmail('acme', 'guest')]!;
    await server.request('acme', 'PATCH', `/users/${holderId}`, { session: tenantAdmin, body: { roles: ['guest', 'Temporary'] } });
    const res = await server.request('acme', 'DELETE', `/roles/${role.id}`, { session: tenantAdmin });
    expect(res.status).toBe(204);
    const users = await server.request('acme', 'GET', `/users?q=${encodeURIComponent(userEmail('acme', 'guest'))}`, { session: tenantAdmin });
    expect(users.body.items[0].roles).toEqual(['guest']);
    const [entry] = await server.database.withTenant(server.ids.tenants.acme, (tx) =>
      tx.select().from(auditLog).where(and(eq(auditLog.entityId, role.id), eq(auditLog.action, 'delete'))),
    );
    expect(entry?.before).toMatchObject({ name: 'Temporary', holders: 1 });
  });

  it('answers 409 for a built-in role, 404 for another tenant role or an unknown id, 403 to a member', async () => {
    const builtIn = await server.request('acme', 'DELETE', `/roles/${server.ids.roles.acme.member}`, { session: tenantAdmin });
    expect(builtIn.status).toBe(409);
    expect(builtIn.body.code).toBe('built_in_role');
    expect((await server.request('acme', 'DELETE', `/roles/${globexRoleId}`, { session: tenantAdmin })).status).toBe(404);
    expect((await server.request('acme', 'DELETE', `/roles/${unknownId}`, { session: tenantAdmin })).status).toBe(404);
    expect((await server.request('acme', 'DELETE', '/roles/not-a-uuid', { session: tenantAdmin })).status).toBe(400);
    const role = await create('Kept');
    expect((await server.request('acme', 'DELETE', `/roles/${role.id}`, { session: member })).status).toBe(403);
  });

  it('delete all removes every custom role the caller may edit and keeps built-in ones', async () => {
    // A role holding a permission tenant administrators lack stays. No custom role may be given one
    // now (only the superadmin role may hold client.get); one stored before that rule still exists.
    const made = await server.request('system', 'POST', '/roles', { session: superadmin, body: newRole('Platform only', { tenants: [server.ids.tenants.acme] }) });
    expect(made.status).toBe(201);
    await server.database.withTenant(server.ids.tenants.acme, (tx) => tx.update(roles).set({ permissions: ['client.get'] }).where(eq(roles.name, 'Platform only')));
    await create('Doomed');
    expect((await server.request('acme', 'DELETE', '/roles', { session: member })).status).toBe(403);
    const res = await server.request('acme', 'DELETE', '/roles', { session: tenantAdmin });
    expect(res.status).toBe(200);
    expect(res.body.deleted).toBeGreaterThan(0);
    expect(res.body.kept).toBe(1);
    const left = await server.request('acme', 'GET', '/roles?limit=100', { session: tenantAdmin });
    expect(left.body.items.filter((r: { builtIn: boolean }) => !r.builtIn).map((r: { name: string }) => r.name)).toEqual(['Platform only']);
    expect(left.body.items.filter((r: { builtIn: boolean }) => r.builtIn)).toHaveLength(5);
    // globex keeps its own custom roles.
    const globex = await server.database.withTenant(server.ids.tenants.globex, (tx) => tx.select().from(roles).where(eq(roles.name, 'Auditors')));
    expect(globex).toHaveLength(1);
  });
});

describe('getUnassignedRoles / editUnassignedRoles', () => {
  it('lists the roles nobody holds and disables, enables and deletes them in bulk', async () => {
    const a = await create('Idle A');
    const b = await create('Idle B');
    const list = await server.request('acme', 'GET', '/roles/unassigned', { session: tenantAdmin });
    expect(list.status).toBe(200);
    const names = list.body.items.map((r: { name: string }) => r.name);
    expect(names).toEqual(expect.arrayContaining(['Idle A', 'Idle B']));
    expect(names).not.toContain('member');
    const disable = await server.request('acme', 'POST', '/roles/unassigned', { session: tenantAdmin, body: { action: 'disable', roleIds: [a.id, b.id] } });
    expect(disable.body).toEqual({ changed: 2 });
    expect((await server.request('acme', 'GET', `/roles/${a.id}`, { session: tenantAdmin })).body.status).toBe('disabled');
    const enable = await server.request('acme', 'POST', '/roles/unassigned', { session: tenantAdmin, body: { action: 'enable', roleIds: [a.id] } });
    expect(enable.body).toEqual({ changed: 1 });
    const del = await server.request('acme', 'POST', '/roles/unassigned', { session: tenantAdmin, body: { action: 'delete', roleIds: [a.id, b.id] } });
    expect(del.body).toEqual({ changed: 2 });
    expect((await server.request('acme', 'GET', `/roles/${a.id}`, { session: tenantAdmin })).status).toBe(404);
  });

  it('refuses assigned roles (409), foreign or unknown ids (404), bad actions (400) and members (403)', async () => {
    const assigned = await server.request('acme', 'POST', '/roles/unassigned', { session: tenantAdmin, body: { action: 'disable', roleIds: [server.ids.roles.acme.member] } });
    expect(assigned.status).toBe(409);
    expect(assigned.body.errors).toEqual([{ field: 'roleIds.0', code: 'role_assigned' }]);
    expect((await server.request('acme', 'POST', '/roles/unassigned', { session: tenantAdmin, body: { action: 'disable', roleIds: [globexRoleId] } })).status).toBe(404);
    const bad = await server.request('acme', 'POST', '/roles/unassigned', { session: tenantAdmin, body: { action: 'explode', roleIds: [] } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field)).toEqual(expect.arrayContaining(['action']));
    expect((await server.request('acme', 'GET', '/roles/unassigned', { session: member })).status).toBe(403);
    expect((await server.request('acme', 'POST', '/roles/unassigned', { session: member, body: { action: 'disable', roleIds: [unknownId] } })).status).toBe(403);
  });

  it("never lists globex's unassigned roles to acme", async () => {
    const globexAdmin = await server.login('globex', userEmail('globex', 'tenantadmin'));
    const res = await server.request('globex', 'POST', '/roles', { session: globexAdmin, body: newRole('Globex Idle') });
    expect(res.status).toBe(201);
    const globexIdle = res.body.items[0] as { id: string };
    const globexList = await server.request('globex', 'GET', '/roles/unassigned', { session: globexAdmin });
    expect(globexList.body.items.map((r: { id: string }) => r.id)).toContain(globexIdle.id);
    const acmeList = await server.request('acme', 'GET', '/roles/unassigned', { session: tenantAdmin });
    expect(acmeList.status).toBe(200);
    const ids = acmeList.body.items.map((r: { id: string }) => r.id);
    expect(ids).not.toContain(globexIdle.id);
    expect(acmeList.body.items.map((r: { name: string }) => r.name)).not.toContain('Globex Idle');
    const globexRoleIds = new Set(Object.values(server.ids.roles.globex));
    expect(ids.filter((id: string) => globexRoleIds.has(id))).toEqual([]);
  });
});

describe('getPermissions / getPermissionsTree', () => {
  it('offers a tenant administrator exactly the permissions it holds, and a super administrator all', async () => {
    const own = await server.request('acme', 'GET', '/permissions', { session: tenantAdmin });
    expect(own.status).toBe(200);
    expect(own.body.items).toContain('roles.put');
    expect(own.body.items).not.toContain('client.get');
    const all = await server.request('system', 'GET', '/permissions', { session: superadmin });
    expect(all.body.items).toContain('meeting.put');
    expect(all.body.items).toContain('client.get');
    expect((await server.request('acme', 'GET', '/permissions', { session: member })).status).toBe(403);
  });

  it('groups them by area for the tree', async () => {
    const res = await server.request('acme', 'GET', '/permissions/tree', { session: tenantAdmin });
    expect(res.status).toBe(200);
    const user = res.body.areas.find((a: { area: string }) => a.area === 'user');
    expect(user.permissions).toContainEqual({ permission: 'user.profile.get', action: 'profile.get', roleGroup: 'member' });
    expect(res.body.areas.find((a: { area: string }) => a.area === 'client')).toBeUndefined();
    expect((await server.request('acme', 'GET', '/permissions/tree', { session: member })).status).toBe(403);
  });
});

describe('dial in and dial out, permission-like flags of a role', () => {
  const dialRoles = (tenant: 'acme' | 'globex') => server.database.withTenant(server.ids.tenants[tenant], (tx) => tx.select().from(roles).where(eq(roles.name, 'Dialers')));

  it('seeds the administrators with both flags, so they may grant them while their tenant has them on', async () => {
    const list = await server.request('acme', 'GET', '/roles?limit=100', { session: admin });
    const byName = (name: string) => list.body.items.find((r: { name: string }) => r.name === name);
    expect(byName('tenantadmin')).toMatchObject({ dialIn: true, dialOut: true });
    expect(byName('admin')).toMatchObject({ dialIn: true, dialOut: true });
    expect(byName('member')).toMatchObject({ dialIn: false, dialOut: false });
    const res = await server.request('acme', 'POST', '/roles', { session: admin, body: newRole('Dialers', { dialIn: true, dialOut: true }) });
    expect(res.status).toBe(201);
    expect(res.body.items[0]).toMatchObject({ name: 'Dialers', dialIn: true, dialOut: true });
    const off = await server.request('acme', 'PATCH', `/roles/${res.body.items[0].id}`, { session: admin, body: { dialOut: false } });
    expect(off.status).toBe(200);
    const on = await server.request('acme', 'PATCH', `/roles/${res.body.items[0].id}`, { session: tenantAdmin, body: { dialOut: true } });
    expect(on.body).toMatchObject({ dialIn: true, dialOut: true });
  });

  it("refuses true with 400 tenant_dial_in_off / tenant_dial_out_off while the role's tenant has it off, creating and changing nothing", async () => {
    const globexAdmin = await server.login('globex', userEmail('globex', 'tenantadmin'));
    const both = await server.request('globex', 'POST', '/roles', { session: globexAdmin, body: newRole('Dialers', { dialIn: true, dialOut: true }) });
    expect(both.status).toBe(400);
    expect(both.body.code).toBe('validation_failed');
    expect(both.body.errors).toEqual([
      expect.objectContaining({ field: 'dialIn', code: 'tenant_dial_in_off' }),
      expect.objectContaining({ field: 'dialOut', code: 'tenant_dial_out_off' }),
    ]);
    expect(await dialRoles('globex')).toEqual([]);
    const made = await server.request('globex', 'POST', '/roles', { session: globexAdmin, body: newRole('Quiet') });
    expect(made.status).toBe(201);
    const patch = await server.request('globex', 'PATCH', `/roles/${made.body.items[0].id}`, { session: globexAdmin, body: { dialOut: true } });
    expect(patch.status).toBe(400);
    expect(patch.body.errors).toEqual([expect.objectContaining({ field: 'dialOut', code: 'tenant_dial_out_off' })]);
    // The super administrator holds both flags, yet not a tenant's switch: one tenant off creates the role nowhere.
    const spread = await server.request('system', 'POST', '/roles', { session: superadmin, body: newRole('Spread dial', { dialIn: true, tenants: [server.ids.tenants.acme, server.ids.tenants.globex] }) });
    expect(spread.status).toBe(400);
    expect(spread.body.errors).toEqual([expect.objectContaining({ field: 'dialIn', code: 'tenant_dial_in_off' })]);
    const inAcme = await server.database.withTenant(server.ids.tenants.acme, (tx) => tx.select().from(roles).where(eq(roles.name, 'Spread dial')));
    expect(inAcme).toEqual([]);
  });

  it('refuses true with 403 permission_not_held to a caller holding no enabled role with that flag', async () => {
    const editors = await create('Role editors', { permissions: ['roles.get', 'roles.put', 'roles.update', 'user.get'] });
    const added = await server.request('acme', 'POST', '/users', {
      session: tenantAdmin,
      body: { email: 'role.editor@acme.test', firstName: 'Rita', lastName: 'Editor', roles: ['Role editors'], passwordMode: 'manual', password: 'Editor-Pass1', changePasswordOnSignIn: false },
    });
    expect(added.status).toBe(201);
    const editor = await server.login('acme', 'role.editor@acme.test', 'Editor-Pass1');

    const dialIn = await server.request('acme', 'POST', '/roles', { session: editor, body: newRole('Dialers 2', { dialIn: true }) });
    expect(dialIn.status).toBe(403);
    expect(dialIn.body.code).toBe('permission_not_held');
    expect(dialIn.body.errors).toEqual([{ field: 'dialIn', code: 'permission_not_held', message: 'dialIn' }]);
    // One answer names every offender, permissions and flags alike.
    const mixed = await server.request('acme', 'POST', '/roles', { session: editor, body: newRole('Dialers 2', { permissions: ['user.get', 'client.get'], dialOut: true }) });
    expect(mixed.status).toBe(403);
    expect(mixed.body.errors).toEqual([
      { field: 'permissions.1', code: 'permission_not_held', message: 'client.get' },
      { field: 'dialOut', code: 'permission_not_held', message: 'dialOut' },
    ]);
    const own = await server.request('acme', 'POST', '/roles', { session: editor, body: newRole('Editor made') });
    expect(own.status).toBe(201);
    const patch = await server.request('acme', 'PATCH', `/roles/${own.body.items[0].id}`, { session: editor, body: { dialIn: true } });
    expect(patch.status).toBe(403);
    expect(patch.body.errors).toEqual([{ field: 'dialIn', code: 'permission_not_held', message: 'dialIn' }]);

    // Once the editors' role carries dial in, they may hand it on (on their very next request), not dial out.
    expect((await server.request('acme', 'PATCH', `/roles/${editors.id}`, { session: tenantAdmin, body: { dialIn: true } })).status).toBe(200);
    const granted = await server.request('acme', 'PATCH', `/roles/${own.body.items[0].id}`, { session: editor, body: { dialIn: true } });
    expect(granted.status).toBe(200);
    expect(granted.body).toMatchObject({ dialIn: true, dialOut: false });
    expect((await server.request('acme', 'PATCH', `/roles/${own.body.items[0].id}`, { session: editor, body: { dialOut: true } })).status).toBe(403);
    // A disabled role grants nothing, its dial flags included.
    expect((await server.request('acme', 'PATCH', `/roles/${editors.id}`, { session: tenantAdmin, body: { status: 'disabled' } })).status).toBe(200);
    const [row] = await server.database.withTenant(server.ids.tenants.acme, (tx) => tx.select().from(roles).where(eq(roles.name, 'Editor made')));
    expect(row).toMatchObject({ dialIn: true, dialOut: false });
    expect((await server.request('acme', 'PATCH', `/roles/${editors.id}`, { session: tenantAdmin, body: { status: 'enabled', dialIn: false } })).status).toBe(200);
  });

  it('treats a role carrying a flag the caller lacks as above it, like one carrying a permission it lacks', async () => {
    const editor = await server.login('acme', 'role.editor@acme.test', 'Editor-Pass1');
    const phones = await create('Phone desk', { dialIn: true, dialOut: true });
    // The editor holds no dial flag: it may not edit the role at all, not even to keep or drop a flag (auth/role-rules.ts).
    const listed = await server.request('acme', 'GET', '/roles?q=Phone', { session: editor });
    expect(listed.body.items).toEqual([expect.objectContaining({ name: 'Phone desk', editable: false })]);
    const kept = await server.request('acme', 'PATCH', `/roles/${phones.id}`, { session: editor, body: { description: 'Answers calls', dialIn: true, dialOut: true } });
    expect(kept.status).toBe(403);
    expect(kept.body.code).toBe('role_above_caller');
    const dropped = await server.request('acme', 'PATCH', `/roles/${phones.id}`, { session: editor, body: { dialIn: false } });
    expect(dropped.status).toBe(403);
    expect((await server.request('acme', 'DELETE', `/roles/${phones.id}`, { session: editor })).status).toBe(403);
    const [row] = await server.database.withTenant(server.ids.tenants.acme, (tx) => tx.select().from(roles).where(eq(roles.name, 'Phone desk')));
    expect(row).toMatchObject({ description: 'Phone desk role', dialIn: true, dialOut: true });
  });

  it('always allows false, and keeping a flag as it is, to a caller who may edit the role, whatever the tenant says', async () => {
    const editor = await server.login('acme', 'role.editor@acme.test', 'Editor-Pass1');
    const [phones] = await server.database.withTenant(server.ids.tenants.acme, (tx) => tx.select().from(roles).where(eq(roles.name, 'Phone desk')));
    const kept = await server.request('acme', 'PATCH', `/roles/${phones!.id}`, { session: admin, body: { description: 'Answers calls', dialIn: true, dialOut: true } });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ description: 'Answers calls', dialIn: true, dialOut: true });
    const off = await server.request('acme', 'PATCH', `/roles/${phones!.id}`, { session: admin, body: { dialIn: false } });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ dialIn: false, dialOut: true });
    // The editor holds no dial flag, yet may make roles that say false.
    const created = await server.request('acme', 'POST', '/roles', { session: editor, body: newRole('No phones', { dialIn: false, dialOut: false }) });
    expect(created.status).toBe(201);
    const edited = await server.request('acme', 'PATCH', `/roles/${created.body.items[0].id}`, { session: editor, body: { dialIn: false, dialOut: false } });
    expect(edited.status).toBe(200);

    // A role keeps its flag after the platform switches its tenant's off; it may be kept or dropped, not switched back on.
    const globexAdmin = await server.login('globex', userEmail('globex', 'tenantadmin'));
    await setTenantDial('globex', { dialIn: true });
    const legacy = await server.request('globex', 'POST', '/roles', { session: globexAdmin, body: newRole('Legacy phones', { dialIn: true, dialOut: false }) });
    expect(legacy.status).toBe(201);
    await setTenantDial('globex', { dialIn: false });
    const id = legacy.body.items[0].id as string;
    expect((await server.request('globex', 'PATCH', `/roles/${id}`, { session: globexAdmin, body: { description: 'Old', dialIn: true, dialOut: false } })).status).toBe(200);
    expect((await server.request('globex', 'PATCH', `/roles/${id}`, { session: globexAdmin, body: { dialIn: false } })).body).toMatchObject({ dialIn: false });
    const back = await server.request('globex', 'PATCH', `/roles/${id}`, { session: globexAdmin, body: { dialIn: true } });
    expect(back.status).toBe(400);
    expect(back.body.errors).toEqual([expect.objectContaining({ field: 'dialIn', code: 'tenant_dial_in_off' })]);
  });
});
