// A tenant's default language and user limit: the global configuration's Tenant section gives them
// to each new tenant, only the platform super administrator changes them, every way of creating
// accounts stops at the limit (409 user_limit_reached, nothing created, imports all or nothing,
// concurrent creations counted one after the other), and getTenantInfo answers the language a
// visitor without a stored choice sees: the tenant's, else the platform's, else English.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, users } from '../src/kernel/db/schema.ts';
import { ensureRoomForUsers } from '../src/kernel/tenancy/user-limit.ts';
import { startTestServer, userEmail, type TestServer, type TestSession } from './harness.ts';

let server: TestServer;
let superadmin: TestSession;
let acmeAdmin: TestSession;

beforeAll(async () => {
  server = await startTestServer();
  superadmin = await server.login('system', userEmail('system', 'superadmin'));
  acmeAdmin = await server.login('acme', userEmail('acme', 'tenantadmin'));
});

afterAll(async () => {
  await server?.close();
});

const adminOf = (sname: string) => ({ email: `boss@${sname}.test`, firstName: 'Lim', lastName: 'Boss', passwordMode: 'manual', password: 'Limit-Pass1' });
const createTenant = (body: Record<string, unknown>) => server.request('system', 'POST', '/tenants', { session: superadmin, body });
const patchTenant = (tenantId: string, body: Record<string, unknown>, session = superadmin, realm = 'system') =>
  server.request(realm, 'PATCH', `/tenants/${tenantId}`, { session, body });
const newUser = (email: string) => ({ email, firstName: 'Nia', lastName: 'New', roles: ['member'], passwordMode: 'manual', password: 'Member-Pass1' });
const userCount = async (tenantId: string) => (await server.database.withTenant(tenantId, (tx) => tx.select({ n: count() }).from(users)))[0]!.n;
const userNamed = async (tenantId: string, email: string) => (await server.database.withTenant(tenantId, (tx) => tx.select().from(users).where(eq(users.email, email))))[0];
const csv = (emails: string[]) => ['email,firstName,lastName,role', ...emails.map((email) => `${email},Imp,Orted,member`)].join('\n');

/** A fresh tenant with this limit, and its administrator (its one user) signed in. */
async function limitedTenant(sname: string, maxUsers: number) {
  const created = await createTenant({ name: sname, sname, signupNormal: true, maxUsers, admin: adminOf(sname) });
  expect(created.status, created.text).toBe(201);
  const tenantId = created.body.tenant.id as string;
  const admin = await server.login(sname, `boss@${sname}.test`, 'Limit-Pass1');
  return { tenantId, admin };
}

describe('tenant defaults: language and user limit', () => {
  it('gives a new tenant none before the Tenant section is saved, then the saved ones; what the request says wins', async () => {
    const before = await createTenant({ name: 'Plain', sname: 'plain-limits', admin: adminOf('plain-limits') });
    expect(before.status).toBe(201);
    expect(before.body.tenant).toMatchObject({ defaultLanguage: null, maxUsers: null });
    server.expectMatchesSpec('addTenant', 201, before.body);

    const saved = await server.request('system', 'PUT', '/settings/tenant', {
      session: superadmin,
      body: { dialIn: false, dialOut: false, showNormalSignup: true, showSocialSignup: false, defaultLanguage: 'uz', maxUsers: 40 },
    });
    expect(saved.status).toBe(200);
    const defaults = await server.request('system', 'GET', '/tenant-defaults', { session: superadmin });
    expect(defaults.body).toMatchObject({ defaultLanguage: 'uz', maxUsers: 40 });
    server.expectMatchesSpec('getDefaults', 200, defaults.body);

    const after = await createTenant({ name: 'Saved', sname: 'saved-limits', admin: adminOf('saved-limits') });
    expect(after.body.tenant).toMatchObject({ defaultLanguage: 'uz', maxUsers: 40 });
    const [row] = await server.database.withPlatform((tx) => tx.select().from(users).where(eq(users.email, 'boss@saved-limits.test')));
    expect(row).toBeDefined();

    const own = await createTenant({ name: 'Own', sname: 'own-limits', defaultLanguage: 'ar', maxUsers: null, admin: adminOf('own-limits') });
    expect(own.body.tenant).toMatchObject({ defaultLanguage: 'ar', maxUsers: null });

    // Saved open again: new tenants follow the platform's language and have no limit.
    const open = await server.request('system', 'PUT', '/settings/tenant', {
      session: superadmin,
      body: { dialIn: false, dialOut: false, showNormalSignup: true, showSocialSignup: false, defaultLanguage: null, maxUsers: null },
    });
    expect(open.status).toBe(200);
    const later = await createTenant({ name: 'Open', sname: 'open-limits', admin: adminOf('open-limits') });
    expect(later.body.tenant).toMatchObject({ defaultLanguage: null, maxUsers: null });
    const zero = await server.request('system', 'PUT', '/settings/tenant', {
      session: superadmin,
      body: { dialIn: false, dialOut: false, showNormalSignup: true, showSocialSignup: false, defaultLanguage: 'xx', maxUsers: 0 },
    });
    expect(zero.status).toBe(400);
    expect(zero.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['defaultLanguage', 'maxUsers']);
  });

  it('shows them to the tenant administrator read-only (400 forbidden_field) and lets the platform administrator change and clear them', async () => {
    const acme = server.ids.tenants.acme;
    const read = await server.request('acme', 'GET', `/tenants/${acme}`, { session: acmeAdmin });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ defaultLanguage: null, maxUsers: null });

    for (const body of [{ maxUsers: 500 }, { defaultLanguage: 'fr' }, { name: 'Acme', maxUsers: null }]) {
      const refused = await patchTenant(acme, body, acmeAdmin, 'acme');
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual([expect.objectContaining({ field: Object.keys(body).at(-1), code: 'forbidden_field' })]);
    }
    expect((await server.request('acme', 'GET', `/tenants/${acme}`, { session: acmeAdmin })).body).toMatchObject({ name: read.body.name, maxUsers: null });

    const changed = await patchTenant(acme, { defaultLanguage: 'fr', maxUsers: 500 });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ defaultLanguage: 'fr', maxUsers: 500 });
    server.expectMatchesSpec('updateTenant', 200, changed.body);
    expect((await patchTenant(acme, { maxUsers: 0 })).status).toBe(400);
    expect((await patchTenant(acme, { defaultLanguage: 'de' })).status).toBe(400);

    const cleared = await patchTenant(acme, { defaultLanguage: null, maxUsers: null });
    expect(cleared.body).toMatchObject({ defaultLanguage: null, maxUsers: null });
  });
});

describe('the user limit', () => {
  it('answers 409 user_limit_reached to addUser and tenantAddUser at the limit, creating nobody', async () => {
    const { tenantId, admin } = await limitedTenant('cap-add', 2);
    const first = await server.request('cap-add', 'POST', '/users', { session: admin, body: newUser('one@cap-add.test') });
    expect(first.status, first.text).toBe(201);
    expect(await userCount(tenantId)).toBe(2);

    const refused = await server.request('cap-add', 'POST', '/users', { session: admin, body: newUser('two@cap-add.test') });
    expect(refused.status).toBe(409);
    expect(refused.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(refused.body).toMatchObject({ status: 409, code: 'user_limit_reached' });
    server.expectMatchesSpec('addUser', 409, refused.body, 'application/problem+json');
    const fromPlatform = await server.request('system', 'POST', `/tenants/${tenantId}/users`, { session: superadmin, body: newUser('three@cap-add.test') });
    expect(fromPlatform.status).toBe(409);
    expect(fromPlatform.body.code).toBe('user_limit_reached');
    expect(await userCount(tenantId)).toBe(2);
    expect(await userNamed(tenantId, 'two@cap-add.test')).toBeUndefined();

    // Raising the limit makes room again; lowering it below the users held removes nobody.
    expect((await patchTenant(tenantId, { maxUsers: 3 })).status).toBe(200);
    expect((await server.request('cap-add', 'POST', '/users', { session: admin, body: newUser('two@cap-add.test') })).status).toBe(201);
    expect((await patchTenant(tenantId, { maxUsers: 1 })).status).toBe(200);
    expect(await userCount(tenantId)).toBe(3);
    expect((await patchTenant(tenantId, { maxUsers: null })).status).toBe(200);
    expect((await server.request('cap-add', 'POST', '/users', { session: admin, body: newUser('four@cap-add.test') })).status).toBe(201);
  });

  it('refuses a whole import that would pass the limit, and takes one that just fits', async () => {
    const { tenantId, admin } = await limitedTenant('cap-import', 4);
    const import_ = (emails: string[]) => server.request('cap-import', 'POST', '/users/import', { session: admin, rawBody: csv(emails), contentType: 'text/csv' });

    const tooMany = await import_(['a@cap-import.test', 'b@cap-import.test', 'c@cap-import.test', 'd@cap-import.test']);
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.code).toBe('user_limit_reached');
    const intoTenant = await server.request('system', 'POST', `/tenants/${tenantId}/users/import`, {
      session: superadmin,
      rawBody: csv(['a@cap-import.test', 'b@cap-import.test', 'c@cap-import.test', 'd@cap-import.test']),
      contentType: 'text/csv',
    });
    expect(intoTenant.status).toBe(409);
    expect(await userCount(tenantId)).toBe(1);

    const fits = await import_(['a@cap-import.test', 'b@cap-import.test', 'c@cap-import.test']);
    expect(fits.status).toBe(200);
    expect(fits.body).toEqual({ created: 3 });
    expect(await userCount(tenantId)).toBe(4);
  });

  // On PGlite transactions run one at a time, so these two pass without the lock too; on PostgreSQL
  // (CI runs every server test there as well) they fail without it.
  it('lets exactly one of concurrent creations take the last place', async () => {
    const { tenantId, admin } = await limitedTenant('cap-race', 2);
    const answers = await Promise.all(
      ['left', 'right', 'up', 'down'].map((name) => server.request('cap-race', 'POST', '/users', { session: admin, body: newUser(`${name}@cap-race.test`) })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409]);
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.code)).toEqual(['user_limit_reached', 'user_limit_reached', 'user_limit_reached']);
    expect(await userCount(tenantId)).toBe(2);
  });

  it('makes a second creator count only after the first one committed (the tenant row lock)', async () => {
    const { tenantId } = await limitedTenant('cap-lock', 2);
    const insert = (email: string) => server.database.withTenant(tenantId, async (tx) => {
      await ensureRoomForUsers(tx, tenantId, 1);
      await tx.insert(users).values({ tenantId, email, firstName: 'Loc', lastName: 'Ked' });
    });
    let releaseFirst!: () => void;
    const firstHolds = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstCounted!: () => void;
    const counted = new Promise<void>((resolve) => (firstCounted = resolve));
    const first = server.database.withTenant(tenantId, async (tx) => {
      await ensureRoomForUsers(tx, tenantId, 1);
      firstCounted();
      // Still open: a second creator counting now would see one user and think there is room.
      await firstHolds;
      await tx.insert(users).values({ tenantId, email: 'first@cap-lock.test', firstName: 'Fir', lastName: 'St' });
    });
    await counted;
    const second = insert('second@cap-lock.test').then(
      () => 'created',
      (error: unknown) => (error as { code?: string }).code,
    );
    await new Promise((resolve) => setTimeout(resolve, 150));
    releaseFirst();
    await first;
    expect(await second).toBe('user_limit_reached');
    expect(await userCount(tenantId)).toBe(2);
  });

  it('gives unfinished sign-ups no seat: they never block administrators, and completing one past the limit is refused', async () => {
    const { tenantId, admin } = await limitedTenant('cap-pending', 2);
    const signup = (email: string) => server.request('cap-pending', 'POST', '/auth/signup', { body: { email, firstName: 'Sia', lastName: 'Gnup' } });
    for (const email of ['p1@cap-pending.test', 'p2@cap-pending.test', 'p3@cap-pending.test']) expect((await signup(email)).status).toBe(201);
    // Three registered addresses later, the administrator still has the tenant's second seat.
    expect((await server.request('cap-pending', 'POST', '/users', { session: admin, body: newUser('staff@cap-pending.test') })).status).toBe(201);
    const [mail] = await server.database.withPlatform((tx) => tx.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'p1@cap-pending.test')));
    const token = decodeURIComponent(/create-password\?token=([A-Za-z0-9_%-]+)/.exec(mail!.textBody)![1]!);
    const full = await server.request('cap-pending', 'POST', '/auth/enable', { body: { token, password: 'Pending-Pass1' } });
    expect(full.status).toBe(409);
    expect(full.body.code).toBe('user_limit_reached');
    expect((await userNamed(tenantId, 'p1@cap-pending.test'))?.passwordHash).toBeNull();
    // A seat frees up: the same link still works.
    const staff = await userNamed(tenantId, 'staff@cap-pending.test');
    expect((await server.request('cap-pending', 'DELETE', `/users/${staff!.id}`, { session: admin })).status).toBeLessThan(300);
    expect((await server.request('cap-pending', 'POST', '/auth/enable', { body: { token, password: 'Pending-Pass1' } })).status).toBeLessThan(300);
  });

  it('closes sign-up at the limit with the same code', async () => {
    const { tenantId, admin } = await limitedTenant('cap-signup', 2);
    const signup = (email: string) => server.request('cap-signup', 'POST', '/auth/signup', { body: { email, firstName: 'Sia', lastName: 'Gnup' } });
    expect((await signup('first@cap-signup.test')).status).toBe(201);
    expect((await server.request('cap-signup', 'POST', '/users', { session: admin, body: newUser('staff@cap-signup.test') })).status).toBe(201);
    const refused = await signup('second@cap-signup.test');
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('user_limit_reached');
    expect(await userNamed(tenantId, 'second@cap-signup.test')).toBeUndefined();
  });
});

describe('getTenantInfo defaultLanguage', () => {
  const info = async (realm: string) => {
    const res = await server.request(realm, 'POST', '/tenant-info', { body: {} });
    expect(res.status).toBe(200);
    server.expectMatchesSpec('getTenantInfo', 200, res.body);
    return res.body.defaultLanguage as string;
  };
  const saveSystem = (defaultLanguage: string) =>
    server.request('system', 'PUT', '/settings/system', {
      session: superadmin,
      body: { publicUrl: 'http://portal.test', supportEmail: 'support@portal.test', defaultLanguage, maintenanceMode: false },
    });

  it("answers the tenant's language, else the platform's saved one, else English", async () => {
    expect(await info('globex')).toBe('en');

    expect((await saveSystem('ar')).status).toBe(200);
    expect(await info('globex')).toBe('ar');
    expect(await info('system')).toBe('ar');

    expect((await patchTenant(server.ids.tenants.globex, { defaultLanguage: 'fr' })).status).toBe(200);
    expect(await info('globex')).toBe('fr');
    expect(await info('acme')).toBe('ar');

    expect((await saveSystem('uz')).status).toBe(200);
    expect(await info('globex')).toBe('fr');
    expect((await patchTenant(server.ids.tenants.globex, { defaultLanguage: null })).status).toBe(200);
    expect(await info('globex')).toBe('uz');
  });
});
