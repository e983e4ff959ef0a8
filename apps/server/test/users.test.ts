// The users operations over real HTTP: who may call them, what they change, and how they fail.
import { and, eq, sql } from 'drizzle-orm';
import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/kernel/crypto/passwords.ts';
import { builtInRoles } from '../src/kernel/access/permissions.ts';
import { passwordRule } from '../src/kernel/crypto/passwords.ts';
import { actionTokens, mailOutbox, roles, sessions, userRoles, users } from '../src/kernel/db/schema.ts';
import { registerOwnedData } from '../src/users/index.ts';
import { startTestServer, testPassword, userEmail, type TestServer, type TestSession } from './harness.ts';

let server: TestServer;
let admin: TestSession;
let member: TestSession;
let helpdesk: TestSession;
const unknownId = '7d0c3a5e-9c1e-4c8e-9b2f-2f1f0e6f4a11';

/** Creates a user straight in the database (password `testPassword`), with these role names. */
async function insertUser(tenant: 'acme' | 'globex', email: string, roleNames: string[], extra: Partial<typeof users.$inferInsert> = {}) {
  const tenantId = server.ids.tenants[tenant];
  const passwordHash = await hashPassword(testPassword);
  return server.database.withTenant(tenantId, async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({ tenantId, email, firstName: 'Test', lastName: 'Person', passwordHash, ...extra })
      .returning({ id: users.id });
    for (const name of roleNames) await tx.insert(userRoles).values({ tenantId, userId: row!.id, roleId: server.ids.roles[tenant][name]! });
    return row!.id;
  });
}

async function userRow(email: string, tenant: 'acme' | 'globex' = 'acme') {
  const tenantId = server.ids.tenants[tenant];
  const [row] = await server.database.withTenant(tenantId, (tx) => tx.select().from(users).where(eq(users.email, email)));
  return row;
}

beforeAll(async () => {
  server = await startTestServer();
  // A custom role that may edit users but not enable or disable them.
  const acme = server.ids.tenants.acme;
  const [role] = await server.database.withTenant(acme, (tx) =>
    tx
      .insert(roles)
      .values({ tenantId: acme, name: 'helpdesk', description: 'Edits users', permissions: ['user.get', 'user.update', 'user.put'] })
      .returning({ id: roles.id }),
  );
  server.ids.roles.acme.helpdesk = role!.id;
  // A role holding a platform permission no tenant administrator has.
  await server.database.withTenant(acme, (tx) =>
    tx.insert(roles).values({ tenantId: acme, name: 'planner', description: 'Edits plans', permissions: ['plans.put'] }),
  );
  await server.database.withTenant(acme, (tx) =>
    tx.insert(roles).values({ tenantId: acme, name: 'retired', description: 'Old role', permissions: [], status: 'disabled' }),
  );
  await insertUser('acme', 'helpdesk@acme.test', ['helpdesk']);
  admin = await server.login('acme', userEmail('acme', 'admin'));
  member = await server.login('acme', userEmail('acme', 'member'));
  helpdesk = await server.login('acme', 'helpdesk@acme.test');
});

afterAll(async () => {
  await server?.close();
});

describe('getUsers', () => {
  it('lists the users of the caller tenant only, with their roles', async () => {
    const res = await server.request('acme', 'GET', '/users?limit=100', { session: admin });
    expect(res.status).toBe(200);
    const emails = res.body.items.map((u: { email: string }) => u.email);
    expect(emails).toContain('admin@acme.test');
    expect(emails.some((e: string) => e.endsWith('@globex.test'))).toBe(false);
    const adminRow = res.body.items.find((u: { email: string }) => u.email === 'admin@acme.test');
    expect(adminRow).toMatchObject({ roles: ['admin'], status: 'enabled', firstName: 'Admin' });
    expect(res.body.nextCursor).toBeNull();
  });

  it('answers 401 without a session and 403 to a member', async () => {
    expect((await server.request('acme', 'GET', '/users')).status).toBe(401);
    const res = await server.request('acme', 'GET', '/users', { session: member });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('forbidden');
  });

  it('searches email, first and last name case-insensitively, taking LIKE wildcards literally', async () => {
    await insertUser('acme', 'per_cent@acme.test', ['member'], { firstName: 'Ånna', lastName: 'Percent' });
    const byLast = await server.request('acme', 'GET', '/users?q=PERCENT', { session: admin });
    expect(byLast.body.items.map((u: { email: string }) => u.email)).toEqual(['per_cent@acme.test']);
    // lower() folds case by the database's LC_CTYPE: beyond ASCII only where that is a UTF-8 locale
    // (PGlite, and any PostgreSQL cluster not initialised with the bare C locale).
    const folds = await server.database.withPlatform((tx) => tx.execute(sql`select lower('Å') = 'å' as folds`));
    const foldsUnicode = (Array.isArray(folds) ? folds : (folds as { rows: unknown[] }).rows)[0] as { folds: boolean };
    const byFirst = await server.request('acme', 'GET', `/users?q=${encodeURIComponent('ånna')}`, { session: admin });
    expect(byFirst.body.items.map((u: { email: string }) => u.email)).toEqual(foldsUnicode.folds ? ['per_cent@acme.test'] : []);
    const exact = await server.request('acme', 'GET', `/users?q=${encodeURIComponent('Ånna')}`, { session: admin });
    expect(exact.body.items.map((u: { email: string }) => u.email)).toEqual(['per_cent@acme.test']);
    const underscore = await server.request('acme', 'GET', '/users?q=r_c', { session: admin });
    expect(underscore.body.items.map((u: { email: string }) => u.email)).toEqual(['per_cent@acme.test']);
    const percent = await server.request('acme', 'GET', '/users?q=%25', { session: admin });
    expect(percent.body.items).toEqual([]);
  });

  it('filters by status', async () => {
    const res = await server.request('acme', 'GET', '/users?status=disabled', { session: admin });
    expect(res.body.items.map((u: { email: string }) => u.email)).toEqual(['disabled@acme.test']);
  });

  it('refuses a cursor of another sort, and a forged one', async () => {
    const first = await server.request('acme', 'GET', '/users?limit=2&sort=firstName', { session: admin });
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const other = await server.request('acme', 'GET', `/users?limit=2&sort=lastName&cursor=${first.body.nextCursor}`, { session: admin });
    expect(other.status).toBe(400);
    expect(other.body.errors).toEqual([{ field: 'cursor', code: 'invalid_value' }]);
    const forged = await server.request('acme', 'GET', '/users?cursor=bm90LWpzb24', { session: admin });
    expect(forged.status).toBe(400);
  });

  it('answers 400 to a NUL in the search text or the cursor, and to a cursor date that does not exist', async () => {
    for (const query of ['q=%00', 'q=a%00b', 'cursor=%00']) {
      const res = await server.request('acme', 'GET', `/users?${query}`, { session: admin });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('validation_failed');
    }
    for (const createdAt of ['2024-13-45T99:99:99.000000Z', '2024-02-30T00:00:00.000000Z']) {
      const cursor = Buffer.from(JSON.stringify({ s: 'createdAt', k: [createdAt, unknownId] })).toString('base64url');
      const res = await server.request('acme', 'GET', `/users?sort=createdAt&cursor=${cursor}`, { session: admin });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ field: 'cursor', code: 'invalid_value' }]);
    }
  });
});

describe('getUserRoles', () => {
  it('offers the enabled roles the caller may assign', async () => {
    const res = await server.request('acme', 'GET', '/roles/assignable', { session: admin });
    expect(res.status).toBe(200);
    const names = res.body.items.map((r: { name: string }) => r.name);
    expect(names).toEqual(expect.arrayContaining(['admin', 'member', 'helpdesk']));
    expect(names).not.toContain('superadmin');
    // Ranked above admin, though it carries the same permissions.
    expect(names).not.toContain('tenantadmin');
    expect(names).not.toContain('planner');
    expect(names).not.toContain('retired');
  });

  it('offers a narrower caller only the roles within its own permissions', async () => {
    const res = await server.request('acme', 'GET', '/roles/assignable', { session: helpdesk });
    expect(res.body.items.map((r: { name: string }) => r.name).sort()).toEqual(['guest', 'helpdesk']);
  });

  it('answers 401 and 403', async () => {
    expect((await server.request('acme', 'GET', '/roles/assignable')).status).toBe(401);
    expect((await server.request('acme', 'GET', '/roles/assignable', { session: member })).status).toBe(403);
  });
});

const newUser = (email: string, extra: Record<string, unknown> = {}) => ({
  email,
  firstName: 'Jeanne',
  lastName: "D'Arc-Martin",
  roles: ['member'],
  passwordMode: 'generate',
  ...extra,
});

describe('addUser', () => {
  it('creates a user with a generated password and hands out the sign-in info', async () => {
    const res = await server.request('acme', 'POST', '/users', { session: admin, body: newUser('Jeanne.New@Acme.test', { changePasswordOnSignIn: false }) });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ email: 'jeanne.new@acme.test', roles: ['member'], status: 'enabled', changePasswordOnSignIn: false });
    expect(res.body.signIn.email).toBe('jeanne.new@acme.test');
    expect(res.body.signIn.url).toBe(`http://acme.portal.test:${server.port}/portal/login`);
    expect(res.body.signIn.password).toMatch(passwordRule);
    const row = await userRow('jeanne.new@acme.test');
    // Argon2id with the OWASP minimum: 19 MiB of memory, two passes, one lane.
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    // The handed-out password works.
    await server.login('acme', 'jeanne.new@acme.test', res.body.signIn.password);
  });

  it('keeps a manual password, the disabled flag and the change-on-sign-in default', async () => {
    const res = await server.request('acme', 'POST', '/users', {
      session: admin,
      body: newUser('manual@acme.test', { passwordMode: 'manual', password: 'Chosen-Pass1', enabled: false }),
    });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ status: 'disabled', changePasswordOnSignIn: true });
    expect(res.body.signIn.password).toBe('Chosen-Pass1');
  });

  it('answers 409 email_exists for an email already used in the tenant, whatever its case', async () => {
    const res = await server.request('acme', 'POST', '/users', { session: admin, body: newUser('MEMBER@acme.test') });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('email_exists');
    expect(res.body.errors).toEqual([expect.objectContaining({ field: 'email', code: 'email_exists' })]);
  });

  it('lets another tenant use the same email', async () => {
    const globexAdmin = await server.login('globex', userEmail('globex', 'admin'));
    const res = await server.request('globex', 'POST', '/users', { session: globexAdmin, body: newUser('jeanne.new@acme.test') });
    expect(res.status).toBe(201);
  });

  it.each([
    ['superadmin', ['superadmin']],
    ['an unknown role', ['nope']],
    ['a disabled role', ['retired']],
    ['a role with permissions the caller lacks', ['planner']],
  ])('refuses %s with invalid_role', async (_label, roleNames) => {
    const res = await server.request('acme', 'POST', '/users', { session: admin, body: newUser('refused@acme.test', { roles: roleNames }) });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([expect.objectContaining({ field: 'roles', code: 'invalid_role' })]);
    expect(await userRow('refused@acme.test')).toBeUndefined();
  });

  it.each([
    ['a manual password missing', { passwordMode: 'manual' }, 'password', 'required'],
    ['a weak password', { passwordMode: 'manual', password: 'weakpass' }, 'password', 'weak_password'],
    ['a bad email', { email: 'not-an-email' }, 'email', 'invalid_email'],
    ['a bad first name', { firstName: '1234' }, 'firstName', 'invalid_first_name'],
    ['a bad last name', { lastName: '<script>' }, 'lastName', 'invalid_last_name'],
    ['no roles', { roles: [] }, 'roles', 'invalid_role'],
  ])('answers 400 for %s', async (_label, patch, field, code) => {
    const res = await server.request('acme', 'POST', '/users', { session: admin, body: newUser('invalid@acme.test', patch) });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field, code })]));
  });

  it('answers 401 and 403', async () => {
    expect((await server.request('acme', 'POST', '/users', { body: newUser('x1@acme.test') })).status).toBe(401);
    expect((await server.request('acme', 'POST', '/users', { session: member, body: newUser('x2@acme.test') })).status).toBe(403);
  });
});

describe('updateUser', () => {
  it('edits names, roles and the change-password flag', async () => {
    const id = await insertUser('acme', 'edit.me@acme.test', ['member']);
    const res = await server.request('acme', 'PATCH', `/users/${id}`, {
      session: admin,
      body: { firstName: 'Édith', lastName: 'Piaf', roles: ['admin', 'member'], changePasswordOnSignIn: true },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, firstName: 'Édith', lastName: 'Piaf', roles: ['admin', 'member'], changePasswordOnSignIn: true });
  });

  it('disables a user and ends their sessions', async () => {
    const id = await insertUser('acme', 'to.disable@acme.test', ['member']);
    const victim = await server.login('acme', 'to.disable@acme.test');
    expect((await server.request('acme', 'GET', '/me', { session: victim })).status).toBe(200);
    const res = await server.request('acme', 'PATCH', `/users/${id}`, { session: admin, body: { status: 'disabled' } });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('disabled');
    const left = await server.database.withTenant(server.ids.tenants.acme, (tx) => tx.select().from(sessions).where(eq(sessions.userId, id)));
    expect(left).toEqual([]);
    expect((await server.request('acme', 'GET', '/me', { session: victim })).status).toBe(401);
  });

  it('needs user.enable to change the status, but not to edit other fields', async () => {
    const id = await insertUser('acme', 'status.target@acme.test', ['guest']);
    const denied = await server.request('acme', 'PATCH', `/users/${id}`, { session: helpdesk, body: { status: 'disabled' } });
    expect(denied.status).toBe(403);
    expect((await userRow('status.target@acme.test'))!.status).toBe('enabled');
    const allowed = await server.request('acme', 'PATCH', `/users/${id}`, { session: helpdesk, body: { firstName: 'Renamed', status: 'enabled' } });
    expect(allowed.status).toBe(200);
  });

  it('does not let a narrower caller strip or grant roles beyond its own', async () => {
    const id = await insertUser('acme', 'strip.me@acme.test', ['admin']);
    const res = await server.request('acme', 'PATCH', `/users/${id}`, { session: helpdesk, body: { roles: ['helpdesk'] } });
    expect(res.status).toBe(403);
    const id2 = await insertUser('acme', 'grant.me@acme.test', ['guest']);
    const res2 = await server.request('acme', 'PATCH', `/users/${id2}`, { session: helpdesk, body: { roles: ['admin'] } });
    expect(res2.status).toBe(400);
    expect(res2.body.errors).toEqual([expect.objectContaining({ field: 'roles', code: 'invalid_role' })]);
  });

  it('does not let an admin make anyone tenant administrator, itself included, nor act on one', async () => {
    const self = server.ids.users['admin@acme.test']!;
    const promote = await server.request('acme', 'PATCH', `/users/${self}`, { session: admin, body: { roles: ['admin', 'tenantadmin'] } });
    expect(promote.status).toBe(400);
    expect(promote.body.errors).toEqual([expect.objectContaining({ field: 'roles', code: 'invalid_role' })]);
    const created = await server.request('acme', 'POST', '/users', { session: admin, body: newUser('promoted@acme.test', { roles: ['tenantadmin'] }) });
    expect(created.status).toBe(400);
    const owner = server.ids.users['tenantadmin@acme.test']!;
    expect((await server.request('acme', 'PATCH', `/users/${owner}`, { session: admin, body: { status: 'disabled' } })).status).toBe(403);
    expect((await server.request('acme', 'DELETE', `/users/${owner}`, { session: admin })).status).toBe(403);
    expect((await userRow('tenantadmin@acme.test'))!.status).toBe('enabled');
    expect((await userRow('admin@acme.test'))!.id).toBe(self);
    const tenantadmin = await server.login('acme', userEmail('acme', 'tenantadmin'));
    const id = await insertUser('acme', 'second.owner@acme.test', ['admin']);
    const granted = await server.request('acme', 'PATCH', `/users/${id}`, { session: tenantadmin, body: { roles: ['tenantadmin'] } });
    expect(granted.status).toBe(200);
    expect(granted.body.roles).toEqual(['tenantadmin']);
  });

  it('refuses to let a user disable themselves or drop their own administration rights', async () => {
    const self = server.ids.users['admin@acme.test']!;
    const disable = await server.request('acme', 'PATCH', `/users/${self}`, { session: admin, body: { status: 'disabled' } });
    expect(disable.status).toBe(400);
    expect(disable.body.code).toBe('cannot_disable_self');
    const demote = await server.request('acme', 'PATCH', `/users/${self}`, { session: admin, body: { roles: ['member'] } });
    expect(demote.status).toBe(400);
    expect(demote.body.code).toBe('cannot_demote_self');
    expect((await userRow('admin@acme.test'))!.status).toBe('enabled');
  });

  it('answers 404 for an unknown id and for a user of another tenant', async () => {
    expect((await server.request('acme', 'PATCH', `/users/${unknownId}`, { session: admin, body: { firstName: 'X' } })).status).toBe(404);
    const globexUser = server.ids.users['member@globex.test']!;
    const res = await server.request('acme', 'PATCH', `/users/${globexUser}`, { session: admin, body: { firstName: 'Hacked' } });
    expect(res.status).toBe(404);
    expect((await userRow('member@globex.test', 'globex'))!.firstName).toBe('Member');
  });

  it('answers 400 for a bad body, 401 and 403', async () => {
    const id = server.ids.users['member@acme.test']!;
    const bad = await server.request('acme', 'PATCH', `/users/${id}`, { session: admin, body: { firstName: '' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'firstName', code: 'invalid_first_name' })]));
    expect((await server.request('acme', 'PATCH', `/users/${id}`, { body: { firstName: 'X' } })).status).toBe(401);
    expect((await server.request('acme', 'PATCH', `/users/${id}`, { session: member, body: { firstName: 'X' } })).status).toBe(403);
  });
});

describe('deleteUser', () => {
  it('deletes a user with their sessions, tokens and role links', async () => {
    const id = await insertUser('acme', 'delete.me@acme.test', ['member']);
    await server.login('acme', 'delete.me@acme.test');
    await server.request('acme', 'POST', `/users/${id}/invite`, { session: admin });
    const res = await server.request('acme', 'DELETE', `/users/${id}`, { session: admin });
    expect(res.status).toBe(204);
    expect(await userRow('delete.me@acme.test')).toBeUndefined();
    const acme = server.ids.tenants.acme;
    const leftovers = await server.database.withTenant(acme, async (tx) => [
      ...(await tx.select().from(sessions).where(eq(sessions.userId, id))),
      ...(await tx.select().from(actionTokens).where(eq(actionTokens.userId, id))),
      ...(await tx.select().from(userRoles).where(eq(userRoles.userId, id))),
    ]);
    expect(leftovers).toEqual([]);
    expect((await server.request('acme', 'DELETE', `/users/${id}`, { session: admin })).status).toBe(404);
  });

  it('refuses to delete the caller', async () => {
    const res = await server.request('acme', 'DELETE', `/users/${server.ids.users['admin@acme.test']}`, { session: admin });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('cannot_delete_self');
  });

  it.each([
    ['the deleted user', 'self'],
    ['a disabled user', 'disabled@acme.test'],
    ['a user of another tenant', 'member@globex.test'],
    ['an unknown id', 'unknown'],
  ])('refuses to transfer data to %s', async (_label, owner) => {
    const id = await insertUser('acme', `transfer.${Math.random().toString(36).slice(2)}@acme.test`, ['member']);
    const transferTo = owner === 'self' ? id : owner === 'unknown' ? unknownId : server.ids.users[owner]!;
    const res = await server.request('acme', 'DELETE', `/users/${id}?transferTo=${transferTo}`, { session: admin });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('owner_invalid');
  });

  it('answers 404 for another tenant user, 401 and 403', async () => {
    const globexUser = server.ids.users['guest@globex.test']!;
    expect((await server.request('acme', 'DELETE', `/users/${globexUser}`, { session: admin })).status).toBe(404);
    expect(await userRow('guest@globex.test', 'globex')).toBeDefined();
    const id = server.ids.users['guest@acme.test']!;
    expect((await server.request('acme', 'DELETE', `/users/${id}`)).status).toBe(401);
    expect((await server.request('acme', 'DELETE', `/users/${id}`, { session: member })).status).toBe(403);
    expect((await server.request('acme', 'DELETE', `/users/${id}`, { session: helpdesk })).status).toBe(403);
  });
});

// A stand-in for the user-owned tables later modules add (meetings, recordings ...).
const notes = pgTable('test_owned_notes', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  tenantId: uuid('tenant_id').notNull(),
  ownerId: uuid('owner_id').notNull(),
  body: text('body').notNull(),
});

describe('deleteUser data ownership', () => {
  beforeAll(async () => {
    await server.database.withPlatform(async (tx) => {
      // DDL needs the owner, not the request role.
      await tx.execute(sql`reset role`);
      await tx.execute(sql`create table test_owned_notes (id uuid primary key default gen_random_uuid(), tenant_id uuid not null, owner_id uuid not null, body text not null)`);
      await tx.execute(sql`select portal_enable_tenant_rls('test_owned_notes')`);
    });
    registerOwnedData({ table: notes, ownerColumn: notes.ownerId });
  });

  async function notesOf(ownerId: string) {
    const acme = server.ids.tenants.acme;
    return server.database.withTenant(acme, (tx) => tx.select({ body: notes.body }).from(notes).where(eq(notes.ownerId, ownerId)));
  }

  async function addNotes(ownerId: string, bodies: string[]) {
    const acme = server.ids.tenants.acme;
    await server.database.withTenant(acme, (tx) => tx.insert(notes).values(bodies.map((body) => ({ tenantId: acme, ownerId, body }))));
  }

  it('hands the data of a deleted user to the new owner', async () => {
    const leaving = await insertUser('acme', 'leaving@acme.test', ['member']);
    const heir = await insertUser('acme', 'heir@acme.test', ['member']);
    await addNotes(leaving, ['a', 'b']);
    await addNotes(heir, ['c']);
    const res = await server.request('acme', 'DELETE', `/users/${leaving}?transferTo=${heir}`, { session: admin });
    expect(res.status).toBe(204);
    expect((await notesOf(heir)).map((n) => n.body).sort()).toEqual(['a', 'b', 'c']);
    expect(await notesOf(leaving)).toEqual([]);
  });

  it("deletes the data with the user when it is not transferred (Don't transfer data)", async () => {
    const leaving = await insertUser('acme', 'leaving2@acme.test', ['member']);
    const other = await insertUser('acme', 'stays@acme.test', ['member']);
    await addNotes(leaving, ['x']);
    await addNotes(other, ['y']);
    expect((await server.request('acme', 'DELETE', `/users/${leaving}`, { session: admin })).status).toBe(204);
    expect(await notesOf(leaving)).toEqual([]);
    expect((await notesOf(other)).map((n) => n.body)).toEqual(['y']);
  });

  it('keeps the data when the transfer is refused', async () => {
    const leaving = await insertUser('acme', 'leaving3@acme.test', ['member']);
    await addNotes(leaving, ['kept']);
    const res = await server.request('acme', 'DELETE', `/users/${leaving}?transferTo=${server.ids.users['disabled@acme.test']}`, { session: admin });
    expect(res.status).toBe(400);
    expect((await notesOf(leaving)).map((n) => n.body)).toEqual(['kept']);
  });
});

describe('inviteUser', () => {
  it('queues a branded mail with a single-use link and answers 202 outbox without SMTP', async () => {
    const id = server.ids.users['mustchange@acme.test']!;
    const res = await server.request('acme', 'POST', `/users/${id}/invite`, { session: admin });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ email: 'mustchange@acme.test', delivery: 'outbox' });
    const [mail] = await server.database.withTenant(server.ids.tenants.acme, (tx) =>
      tx.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, 'mustchange@acme.test'))),
    );
    expect(mail).toMatchObject({ status: 'queued', subject: 'Your Acme Meetings account is ready' });
    expect(mail!.textBody).toMatch(new RegExp(`http://acme\\.portal\\.test:${server.port}/portal/auth/reset-password\\?token=[A-Za-z0-9_-]{20,}`));
    expect(mail!.htmlBody).toContain('Acme Meetings');
  });

  it('refuses to invite a user who outranks the caller, and queues nothing', async () => {
    const systemAdmin = await server.login('system', userEmail('system', 'admin'));
    const platformOwner = server.ids.users['superadmin@system.test']!;
    const res = await server.request('system', 'POST', `/users/${platformOwner}/invite`, { session: systemAdmin });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('forbidden');
    const tenantOwner = server.ids.users['tenantadmin@acme.test']!;
    expect((await server.request('acme', 'POST', `/users/${tenantOwner}/invite`, { session: admin })).status).toBe(403);
    const queued = async (tenant: 'system' | 'acme', userId: string, email: string) =>
      server.database.withTenant(server.ids.tenants[tenant], async (tx) => [
        ...(await tx.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email))),
        ...(await tx.select().from(actionTokens).where(eq(actionTokens.userId, userId))),
      ]);
    expect(await queued('system', platformOwner, 'superadmin@system.test')).toEqual([]);
    expect(await queued('acme', tenantOwner, 'tenantadmin@acme.test')).toEqual([]);
  });

  it('answers 404 for unknown and foreign users, 401 and 403', async () => {
    expect((await server.request('acme', 'POST', `/users/${unknownId}/invite`, { session: admin })).status).toBe(404);
    expect((await server.request('acme', 'POST', `/users/${server.ids.users['member@globex.test']}/invite`, { session: admin })).status).toBe(404);
    const id = server.ids.users['member@acme.test']!;
    expect((await server.request('acme', 'POST', `/users/${id}/invite`)).status).toBe(401);
    expect((await server.request('acme', 'POST', `/users/${id}/invite`, { session: member })).status).toBe(403);
    expect((await server.request('acme', 'POST', `/users/${id}/invite`, { session: helpdesk })).status).toBe(403);
  });
});

describe('tenantAddUser', () => {
  it('lets the super administrator create a user in another tenant', async () => {
    const superadmin = await server.login('system', userEmail('system', 'superadmin'));
    const acme = server.ids.tenants.acme;
    const res = await server.request('system', 'POST', `/tenants/${acme}/users`, {
      session: superadmin,
      body: newUser('from.platform@acme.test', { roles: ['tenantadmin'] }),
    });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ email: 'from.platform@acme.test', roles: ['tenantadmin'] });
    expect(res.body.signIn.url).toBe(`http://acme.portal.test:${server.port}/portal/login`);
    const listed = await server.request('acme', 'GET', '/users?q=from.platform', { session: admin });
    expect(listed.body.items.map((u: { email: string }) => u.email)).toEqual(['from.platform@acme.test']);
    const elsewhere = await userRow('from.platform@acme.test', 'globex');
    expect(elsewhere).toBeUndefined();
  });

  it('takes a role named superadmin in another tenant for a custom role, not the platform super administrator', async () => {
    const acme = server.ids.tenants.acme;
    const [role] = await server.database.withTenant(acme, (tx) =>
      tx
        .insert(roles)
        .values({ tenantId: acme, name: 'superadmin', description: 'Impostor', permissions: [...builtInRoles.superadmin.permissions] })
        .returning({ id: roles.id }),
    );
    server.ids.roles.acme.superadmin = role!.id;
    await insertUser('acme', 'impostor@acme.test', ['superadmin']);
    const impostor = await server.login('acme', 'impostor@acme.test');
    const globex = server.ids.tenants.globex;
    const res = await server.request('acme', 'POST', `/tenants/${globex}/users`, { session: impostor, body: newUser('planted@globex.test') });
    expect(res.status).toBe(403);
    expect(await userRow('planted@globex.test', 'globex')).toBeUndefined();
    expect((await server.request('acme', 'GET', '/me', { session: impostor })).body.role).toBe('member');
    const offered = await server.request('acme', 'GET', '/roles/assignable', { session: impostor });
    expect(offered.body.items.map((r: { name: string }) => r.name)).not.toContain('superadmin');
  });

  it('answers 404 for an unknown tenant, 409 for a taken email, 403 to a tenant admin and 401', async () => {
    const superadmin = await server.login('system', userEmail('system', 'superadmin'));
    expect((await server.request('system', 'POST', `/tenants/${unknownId}/users`, { session: superadmin, body: newUser('a@b.test') })).status).toBe(404);
    const acme = server.ids.tenants.acme;
    expect((await server.request('system', 'POST', `/tenants/${acme}/users`, { session: superadmin, body: newUser('member@acme.test') })).status).toBe(409);
    expect((await server.request('acme', 'POST', `/tenants/${acme}/users`, { session: admin, body: newUser('b@acme.test') })).status).toBe(403);
    expect((await server.request('system', 'POST', `/tenants/${acme}/users`, { body: newUser('c@acme.test') })).status).toBe(401);
  });

  it('answers 400 with the field error to a bad body, creating nobody', async () => {
    const superadmin = await server.login('system', userEmail('system', 'superadmin'));
    const acme = server.ids.tenants.acme;
    const res = await server.request('system', 'POST', `/tenants/${acme}/users`, { session: superadmin, body: newUser('not-an-email') });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([expect.objectContaining({ field: 'email', code: 'invalid_email' })]);
    expect(await userRow('not-an-email', 'acme')).toBeUndefined();
  });
});
