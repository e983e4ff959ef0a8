// Roles carrying dial in or dial out (permission-like flags, spec section 6) given to users over real
// HTTP: only a caller holding an enabled role with that flag, or the platform super administrator,
// may offer, give or take away such a role (auth/role-rules.ts), on every path that hands out roles:
// getUserRoles, addUser, updateUser, importUsers, tenant SSO role mappings.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/kernel/crypto/passwords.ts';
import { roles, userRoles, users } from '../src/kernel/db/schema.ts';
import { startTestServer, testPassword, userEmail, type TestServer, type TestSession } from './harness.ts';

let server: TestServer;
let superadmin: TestSession;
let tenantAdmin: TestSession;
/** Administers users through a custom role carrying no dial flag. */
let desk: TestSession;
/** The same permissions, through a custom role carrying dial in (not dial out). */
let dialDesk: TestSession;
let acme: string;
const userPermissions = ['user.get', 'user.put', 'user.update'];

async function insertRole(name: string, dial: { dialIn?: boolean; dialOut?: boolean } = {}) {
  const [row] = await server.database.withTenant(acme, (tx) =>
    tx
      .insert(roles)
      .values({ tenantId: acme, name, description: `${name} role`, permissions: userPermissions, ...dial })
      .returning({ id: roles.id }),
  );
  return row!.id;
}

/** Creates a user straight in the database (password `testPassword`), with these role ids. */
async function insertUser(email: string, roleIds: string[]) {
  const passwordHash = await hashPassword(testPassword);
  return server.database.withTenant(acme, async (tx) => {
    const [row] = await tx.insert(users).values({ tenantId: acme, email, firstName: 'Test', lastName: 'Person', passwordHash }).returning({ id: users.id });
    for (const roleId of roleIds) await tx.insert(userRoles).values({ tenantId: acme, userId: row!.id, roleId });
    return row!.id;
  });
}

async function rolesOf(email: string): Promise<string[] | undefined> {
  const list = await server.request('acme', 'GET', `/users?q=${encodeURIComponent(email)}`, { session: tenantAdmin });
  return list.body.items.find((u: { email: string }) => u.email === email)?.roles;
}

const newUser = (email: string, roleNames: string[]) => ({ email, firstName: 'Dana', lastName: 'Dialer', roles: roleNames, passwordMode: 'generate' });
const assignable = async (session: TestSession) =>
  ((await server.request('acme', 'GET', '/roles/assignable', { session })).body.items as { name: string }[]).map((r) => r.name);

beforeAll(async () => {
  server = await startTestServer();
  acme = server.ids.tenants.acme;
  superadmin = await server.login('system', userEmail('system', 'superadmin'));
  tenantAdmin = await server.login('acme', userEmail('acme', 'tenantadmin'));
  // acme has the phone bridge; only the platform switches it on, and makes the dialling roles there.
  const flags = await server.request('system', 'PATCH', `/tenants/${acme}`, { session: superadmin, body: { dialIn: true, dialOut: true } });
  expect(flags.status).toBe(200);
  for (const [name, dial] of [
    ['Dialers', { dialIn: true }],
    ['Callers', { dialOut: true }],
  ] as const) {
    const made = await server.request('system', 'POST', '/roles', {
      session: superadmin,
      body: { name, description: `${name} role`, permissions: ['user.get'], ...dial, tenants: [acme] },
    });
    expect(made.status, made.text).toBe(201);
  }
  await insertUser('desk@acme.test', [await insertRole('Desk')]);
  await insertUser('dial.desk@acme.test', [await insertRole('Dial desk', { dialIn: true })]);
  desk = await server.login('acme', 'desk@acme.test');
  dialDesk = await server.login('acme', 'dial.desk@acme.test');
});

afterAll(async () => {
  await server?.close();
});

describe('getUserRoles', () => {
  it('offers a role carrying a dial flag only to a caller holding it', async () => {
    const toDesk = await assignable(desk);
    expect(toDesk).toContain('Desk');
    expect(toDesk).not.toContain('Dialers');
    expect(toDesk).not.toContain('Callers');
    expect(toDesk).not.toContain('Dial desk');
    const toDialDesk = await assignable(dialDesk);
    expect(toDialDesk).toEqual(expect.arrayContaining(['Desk', 'Dial desk', 'Dialers']));
    expect(toDialDesk).not.toContain('Callers');
    // The tenant administrator's built-in role carries both.
    expect(await assignable(tenantAdmin)).toEqual(expect.arrayContaining(['Dialers', 'Callers']));
  });
});

describe('addUser', () => {
  it('refuses a role carrying a dial flag the caller lacks with invalid_role, creating nobody', async () => {
    for (const [session, roleName] of [
      [desk, 'Dialers'],
      [desk, 'Callers'],
      [dialDesk, 'Callers'],
    ] as const) {
      const res = await server.request('acme', 'POST', '/users', { session, body: newUser('refused.dialer@acme.test', ['guest', roleName]) });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([expect.objectContaining({ field: 'roles', code: 'invalid_role' })]);
    }
    expect(await rolesOf('refused.dialer@acme.test')).toBeUndefined();
  });

  it('lets a caller holding the flag give it', async () => {
    const res = await server.request('acme', 'POST', '/users', { session: dialDesk, body: newUser('new.dialer@acme.test', ['guest', 'Dialers']) });
    expect(res.status).toBe(201);
    expect(res.body.user.roles).toEqual(['Dialers', 'guest']);
  });
});

describe('updateUser', () => {
  it('refuses to give a role carrying a dial flag the caller lacks, and to act on or strip its holders', async () => {
    const id = await insertUser('plain@acme.test', [server.ids.roles.acme.guest!]);
    const give = await server.request('acme', 'PATCH', `/users/${id}`, { session: desk, body: { roles: ['guest', 'Dialers'] } });
    expect(give.status).toBe(400);
    expect(give.body.errors).toEqual([expect.objectContaining({ field: 'roles', code: 'invalid_role' })]);
    expect(await rolesOf('plain@acme.test')).toEqual(['guest']);

    const holder = await insertUser('holder@acme.test', [server.ids.roles.acme.guest!, (await roleId('Dialers'))!]);
    // As with a role carrying a permission the caller lacks: the holder outranks the caller.
    expect((await server.request('acme', 'PATCH', `/users/${holder}`, { session: desk, body: { roles: ['guest'] } })).status).toBe(403);
    expect((await server.request('acme', 'PATCH', `/users/${holder}`, { session: desk, body: { firstName: 'Renamed' } })).status).toBe(403);
    expect(await rolesOf('holder@acme.test')).toEqual(['Dialers', 'guest']);
  });

  it('lets a caller holding the flag give and take it away, not a flag it lacks', async () => {
    const id = await insertUser('promoted@acme.test', [server.ids.roles.acme.guest!]);
    const give = await server.request('acme', 'PATCH', `/users/${id}`, { session: dialDesk, body: { roles: ['guest', 'Dialers'] } });
    expect(give.status).toBe(200);
    expect(give.body.roles).toEqual(['Dialers', 'guest']);
    const callers = await server.request('acme', 'PATCH', `/users/${id}`, { session: dialDesk, body: { roles: ['guest', 'Dialers', 'Callers'] } });
    expect(callers.status).toBe(400);
    expect(callers.body.errors).toEqual([expect.objectContaining({ field: 'roles', code: 'invalid_role', message: 'The role "Callers" cannot be assigned.' })]);
    const take = await server.request('acme', 'PATCH', `/users/${id}`, { session: dialDesk, body: { roles: ['guest'] } });
    expect(take.status).toBe(200);
    expect(take.body.roles).toEqual(['guest']);
  });

  it("follows the caller's roles on its very next request", async () => {
    const deskRole = (await roleId('Desk'))!;
    expect((await server.request('acme', 'PATCH', `/roles/${deskRole}`, { session: tenantAdmin, body: { dialIn: true } })).status).toBe(200);
    try {
      expect(await assignable(desk)).toContain('Dialers');
      const id = await insertUser('late.dialer@acme.test', [server.ids.roles.acme.guest!]);
      expect((await server.request('acme', 'PATCH', `/users/${id}`, { session: desk, body: { roles: ['Dialers'] } })).status).toBe(200);
    } finally {
      expect((await server.request('acme', 'PATCH', `/roles/${deskRole}`, { session: tenantAdmin, body: { dialIn: false } })).status).toBe(200);
    }
    expect(await assignable(desk)).not.toContain('Dialers');
  });
});

describe('importUsers', () => {
  const importCsv = (csv: string, session: TestSession) => server.request('acme', 'POST', '/users/import', { session, rawBody: csv, contentType: 'text/csv' });

  it('rejects the file naming the row of a role carrying a dial flag the caller lacks, and lets a holder import it', async () => {
    const csv = 'email,firstName,lastName,role\nimp.guest@acme.test,Ann,Lee,guest\nimp.dialer@acme.test,Bob,Stone,Dialers;guest\n';
    const refused = await importCsv(csv, desk);
    expect(refused.status).toBe(422);
    expect(refused.body.rowErrors).toEqual([{ row: 3, field: 'role', code: 'invalid_role' }]);
    expect(await rolesOf('imp.guest@acme.test')).toBeUndefined();
    const imported = await importCsv(csv, dialDesk);
    expect(imported.status).toBe(200);
    expect(imported.body).toEqual({ created: 2 });
    expect(await rolesOf('imp.dialer@acme.test')).toEqual(['Dialers', 'guest']);
  });
});

describe('a tenant administrator without dial in', () => {
  it('may neither give such a role nor map an SSO claim to it', async () => {
    // Its administrator role carries no dial flag (the tenant administrator switched them off).
    const adminRole = server.ids.roles.acme.admin!;
    expect((await server.request('acme', 'PATCH', `/roles/${adminRole}`, { session: tenantAdmin, body: { dialIn: false, dialOut: false } })).status).toBe(200);
    const admin = await server.login('acme', userEmail('acme', 'admin'));
    expect(await assignable(admin)).not.toContain('Dialers');
    const added = await server.request('acme', 'POST', '/users', { session: admin, body: newUser('admin.dialer@acme.test', ['Dialers']) });
    expect(added.status).toBe(400);
    expect(added.body.errors).toEqual([expect.objectContaining({ field: 'roles', code: 'invalid_role' })]);
    const sso = await server.request('acme', 'POST', '/tenant/sso', {
      session: admin,
      body: { name: 'Phones ID', issuer: 'https://id.example.com', clientId: 'phones', clientSecret: 'very-secret-value', roleMapping: { claim: 'groups', values: { phones: 'Dialers' } } },
    });
    expect(sso.status).toBe(400);
    expect(sso.body.errors).toEqual([expect.objectContaining({ field: 'roleMapping.values.phones', code: 'role_not_assignable' })]);
    // The tenant administrator holds dial in: the same mapping is fine.
    const mapped = await server.request('acme', 'POST', '/tenant/sso', {
      session: tenantAdmin,
      body: { name: 'Phones ID', issuer: 'https://id.example.com', clientId: 'phones', clientSecret: 'very-secret-value', roleMapping: { claim: 'groups', values: { phones: 'Dialers' } } },
    });
    expect(mapped.status, mapped.text).toBe(201);
  });
});

async function roleId(name: string): Promise<string | undefined> {
  const [row] = await server.database.withTenant(acme, (tx) => tx.select({ id: roles.id }).from(roles).where(eq(roles.name, name)));
  return row?.id;
}
