// The tenant operations (spec 'Tenant list' / 'Tenant detail') over real HTTP: the super
// administrator creates a tenant with its roles, settings and administrator in one go, that
// tenant answers at its own host at once, a tenant administrator edits only its own tenant (not
// its subdomain or status), and deleting a tenant removes its data and its host immediately.
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, roles, tenantSmtp, tenants, users } from '../src/kernel/db/schema.ts';
import { startTestServer, userEmail, type TestServer, type TestSession } from './harness.ts';

let server: TestServer;
let superadmin: TestSession;
let systemAdmin: TestSession;
let acmeAdmin: TestSession;
let acmeMember: TestSession;
const unknownId = '7d0c3a5e-9c1e-4c8e-9b2f-2f1f0e6f4a11';

beforeAll(async () => {
  server = await startTestServer();
  superadmin = await server.login('system', userEmail('system', 'superadmin'));
  systemAdmin = await server.login('system', userEmail('system', 'admin'));
  acmeAdmin = await server.login('acme', userEmail('acme', 'tenantadmin'));
  acmeMember = await server.login('acme', userEmail('acme', 'member'));
});

afterAll(async () => {
  await server?.close();
});

const admin = (email: string) => ({ email, firstName: 'Zed', lastName: 'Admin', passwordMode: 'manual', password: 'Zeta-Pass1' });
const create = (body: Record<string, unknown>, session = superadmin) => server.request('system', 'POST', '/tenants', { session, body });

describe('addTenant', () => {
  it('creates the tenant, its built-in roles, default settings and administrator, and answers the sign-in info once', async () => {
    const res = await create({ name: 'Zeta Inc', sname: 'zeta', brandname: 'Zeta Meet', country: 'FR', address: '1 rue de Zeta', admin: admin('Boss@Zeta.test') });
    expect(res.status).toBe(201);
    expect(res.body.tenant).toMatchObject({
      sname: 'zeta',
      name: 'Zeta Inc',
      brandname: 'Zeta Meet',
      country: 'FR',
      status: 'active',
      signupNormal: true,
      features: { mobile_app: true },
      admin: { email: 'boss@zeta.test', name: 'Zed Admin' },
    });
    expect(res.body.signIn).toMatchObject({ email: 'boss@zeta.test', password: 'Zeta-Pass1' });
    expect(res.body.signIn.url).toMatch(/^http:\/\/zeta\.portal\.test(:\d+)?\/portal\/login$/);
    const tenantId = res.body.tenant.id as string;
    const roleNames = await server.database.withTenant(tenantId, (tx) => tx.select({ name: roles.name }).from(roles));
    expect(roleNames.map((r) => r.name).sort()).toEqual(['accountadmin', 'admin', 'guest', 'member', 'tenantadmin']);
    const [entry] = await server.database.withTenant(server.ids.tenants.system, (tx) => tx.select().from(auditLog).where(eq(auditLog.entityId, tenantId)));
    expect(entry).toMatchObject({ action: 'create', entity: 'tenant' });

    // Its subdomain is its realm: the host answers with its branding, and its administrator signs in there.
    const info = await server.request('zeta', 'POST', '/tenant-info', { body: {} });
    expect(info.status).toBe(200);
    expect(info.body.brandname).toBe('Zeta Meet');
    const session = await server.login('zeta', 'boss@zeta.test', 'Zeta-Pass1');
    const own = await server.request('zeta', 'GET', `/tenants/${tenantId}`, { session });
    expect(own.status).toBe(200);
    expect(own.body.admin.email).toBe('boss@zeta.test');
  });

  it('generates a password the administrator must change when asked to', async () => {
    const res = await create({ name: 'Gen', sname: 'gen-co', admin: { email: 'a@gen.test', firstName: 'Gen', lastName: 'Admin', passwordMode: 'generate' } });
    expect(res.status).toBe(201);
    expect(res.body.signIn.password.length).toBeGreaterThanOrEqual(12);
    const [row] = await server.database.withTenant(res.body.tenant.id, (tx) => tx.select().from(users));
    expect(row?.changePasswordOnSignIn).toBe(true);
  });

  it("answers 400 invalid_subdomain for a subdomain that is not a DNS label or is reserved ('Enter a valid subdomain')", async () => {
    for (const sname of ['system', 'www', 'api', 'Zeta', 'z', '-zeta', 'zeta-', 'ze_ta', 'a'.repeat(64)]) {
      const res = await create({ name: 'Bad', sname, admin: admin('x@bad.test') });
      expect(res.status, sname).toBe(400);
      expect(res.body.errors[0], sname).toMatchObject({ field: 'sname', code: 'invalid_subdomain' });
    }
  });

  it('answers 400 for a bad administrator and 409 sname_exists for a taken subdomain, creating nothing', async () => {
    const bad = await create({ name: 'Bad', sname: 'bad-admin', admin: { ...admin('not-an-email'), password: 'weak' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { code: string }) => e.code)).toContain('invalid_email');
    const taken = await create({ name: 'Acme again', sname: 'acme', admin: admin('x@acme2.test') });
    expect(taken.status).toBe(409);
    expect(taken.body.errors[0]).toMatchObject({ field: 'sname', code: 'sname_exists' });
    const rows = await server.database.withPlatform((tx) => tx.select().from(tenants).where(eq(tenants.sname, 'bad-admin')));
    expect(rows).toEqual([]);
  });

  it('answers 403 to anyone but the platform super administrator', async () => {
    expect((await create({ name: 'No', sname: 'nope', admin: admin('x@no.test') }, systemAdmin)).status).toBe(403);
    const res = await server.request('acme', 'POST', '/tenants', { session: acmeAdmin, body: { name: 'No', sname: 'nope', admin: admin('x@no.test') } });
    expect(res.status).toBe(403);
  });
});

describe('getTenants', () => {
  it('lists every tenant with its administrator for the super administrator, searchable', async () => {
    const res = await server.request('system', 'GET', '/tenants?q=acm', { session: superadmin });
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([expect.objectContaining({ sname: 'acme', admin: expect.objectContaining({ email: userEmail('acme', 'tenantadmin') }) })]);
  });
});

describe('getDefaults', () => {
  it('answers the roles and settings a new tenant gets, to the super administrator only', async () => {
    const res = await server.request('system', 'GET', '/tenant-defaults', { session: superadmin });
    expect(res.status).toBe(200);
    expect(res.body.roles.map((r: { name: string }) => r.name)).not.toContain('superadmin');
    expect(res.body.roles.find((r: { name: string }) => r.name === 'tenantadmin').permissions).toContain('user.put');
    expect(res.body).toMatchObject({ signupNormal: true, signupSocial: false, features: { mobile_app: true } });
    expect((await server.request('acme', 'GET', '/tenant-defaults', { session: acmeAdmin })).status).toBe(403);
  });
});

describe('getTenant / updateTenant', () => {
  it('lets a tenant administrator edit its own tenant but not its subdomain or status', async () => {
    const id = server.ids.tenants.acme;
    const res = await server.request('acme', 'PATCH', `/tenants/${id}`, { session: acmeAdmin, body: { brandname: 'Acme Video', signupSocial: true, features: { waiting_room_games: true } } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ brandname: 'Acme Video', signupSocial: true, features: { waiting_room_games: true } });
    const sname = await server.request('acme', 'PATCH', `/tenants/${id}`, { session: acmeAdmin, body: { sname: 'acme2' } });
    expect(sname.status).toBe(400);
    expect(sname.body.errors[0]).toMatchObject({ field: 'sname', code: 'forbidden_field' });
    const status = await server.request('acme', 'PATCH', `/tenants/${id}`, { session: acmeAdmin, body: { status: 'disabled' } });
    expect(status.status).toBe(400);
    const entries = await server.database.withTenant(id, (tx) => tx.select().from(auditLog).where(eq(auditLog.entity, 'tenant')));
    expect(entries.at(-1)).toMatchObject({ action: 'update', actorLabel: userEmail('acme', 'tenantadmin') });
  });

  it('refuses dial in and dial out from a tenant administrator (400 forbidden_field, as for sname), changing nothing', async () => {
    const id = server.ids.tenants.globex;
    const globexAdmin = await server.login('globex', userEmail('globex', 'tenantadmin'));
    for (const body of [{ dialIn: true }, { dialOut: true }, { dialIn: false }, { name: 'Globex Phones', dialOut: true }]) {
      const res = await server.request('globex', 'PATCH', `/tenants/${id}`, { session: globexAdmin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors, JSON.stringify(body)).toEqual([expect.objectContaining({ field: 'dialIn' in body ? 'dialIn' : 'dialOut', code: 'forbidden_field' })]);
    }
    const after = await server.request('globex', 'GET', `/tenants/${id}`, { session: globexAdmin });
    expect(after.body).toMatchObject({ name: 'Globex Corporation', dialIn: false, dialOut: false });
  });

  it('lets the platform super administrator switch dial in and dial out of any tenant, and set them at creation', async () => {
    const id = server.ids.tenants.globex;
    const on = await server.request('system', 'PATCH', `/tenants/${id}`, { session: superadmin, body: { dialIn: true, dialOut: true } });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ dialIn: true, dialOut: true });
    const off = await server.request('system', 'PATCH', `/tenants/${id}`, { session: superadmin, body: { dialOut: false } });
    expect(off.body).toMatchObject({ dialIn: true, dialOut: false });
    const entries = await server.database.withTenant(id, (tx) => tx.select().from(auditLog).where(eq(auditLog.entity, 'tenant')));
    expect(entries.at(-1)).toMatchObject({ action: 'update', after: expect.objectContaining({ dialIn: true, dialOut: false }) });
    const created = await create({ name: 'Phones', sname: 'phones-co', dialIn: true, dialOut: true, admin: admin('a@phones.test') });
    expect(created.status).toBe(201);
    expect(created.body.tenant).toMatchObject({ dialIn: true, dialOut: true });
  });

  it("answers 404 for another tenant's id (and an unknown one), 403 to a member, 400 for bad input", async () => {
    expect((await server.request('acme', 'GET', `/tenants/${server.ids.tenants.globex}`, { session: acmeAdmin })).status).toBe(404);
    expect((await server.request('acme', 'PATCH', `/tenants/${server.ids.tenants.globex}`, { session: acmeAdmin, body: { name: 'Mine' } })).status).toBe(404);
    expect((await server.request('system', 'GET', `/tenants/${unknownId}`, { session: superadmin })).status).toBe(404);
    expect((await server.request('acme', 'GET', `/tenants/${server.ids.tenants.acme}`, { session: acmeMember })).status).toBe(403);
    const bad = await server.request('acme', 'PATCH', `/tenants/${server.ids.tenants.acme}`, { session: acmeAdmin, body: { country: 'France' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ field: 'country', code: 'invalid_country' });
  });

  it('answers 403 to an acme member updating acme, changing nothing', async () => {
    const before = await server.request('acme', 'GET', `/tenants/${server.ids.tenants.acme}`, { session: acmeAdmin });
    const res = await server.request('acme', 'PATCH', `/tenants/${server.ids.tenants.acme}`, { session: acmeMember, body: { name: 'Taken Over' } });
    expect(res.status).toBe(403);
    const after = await server.request('acme', 'GET', `/tenants/${server.ids.tenants.acme}`, { session: acmeAdmin });
    expect(after.body.name).toBe(before.body.name);
  });

  it('disabling a tenant makes its host answer 404 at once', async () => {
    const created = await create({ name: 'Off', sname: 'off-co', admin: admin('a@off.test') });
    const id = created.body.tenant.id as string;
    expect((await server.request('off-co', 'POST', '/tenant-info', { body: {} })).status).toBe(200);
    const res = await server.request('system', 'PATCH', `/tenants/${id}`, { session: superadmin, body: { status: 'disabled' } });
    expect(res.status).toBe(200);
    expect((await server.request('off-co', 'POST', '/tenant-info', { body: {} })).status).toBe(404);
  });
});

describe('deleteTenant', () => {
  it('deletes the tenant and all its data; its host and its sessions stop working at once', async () => {
    const created = await create({ name: 'Gone', sname: 'gone-co', admin: admin('a@gone.test') });
    const id = created.body.tenant.id as string;
    const session = await server.login('gone-co', 'a@gone.test', 'Zeta-Pass1');
    expect((await server.request('gone-co', 'GET', '/me', { session })).status).toBe(200);
    const res = await server.request('system', 'DELETE', `/tenants/${id}`, { session: superadmin });
    expect(res.status).toBe(204);
    expect((await server.request('gone-co', 'GET', '/me', { session })).status).toBe(404);
    const login = await server.request('gone-co', 'POST', '/auth/login', { body: { email: 'a@gone.test', password: 'Zeta-Pass1' } });
    expect(login.status).toBe(404);
    const left = await server.database.withPlatform((tx) => tx.select({ id: users.id }).from(users).where(eq(users.tenantId, id)));
    expect(left).toEqual([]);
    const [entry] = await server.database.withTenant(server.ids.tenants.system, (tx) => tx.select().from(auditLog).where(eq(auditLog.entityId, id)).orderBy(auditLog.createdAt));
    expect(entry).toBeDefined();
  });

  it('refuses the system tenant (400), answers 404 for an unknown id and 403 to anyone else', async () => {
    const system = await server.request('system', 'DELETE', `/tenants/${server.ids.tenants.system}`, { session: superadmin });
    expect(system.status).toBe(400);
    expect(system.body.code).toBe('validation_failed');
    expect(system.body.errors[0]).toMatchObject({ field: 'tenantId', code: 'invalid_value' });
    expect((await server.request('system', 'DELETE', `/tenants/${unknownId}`, { session: superadmin })).status).toBe(404);
    expect((await server.request('acme', 'DELETE', `/tenants/${server.ids.tenants.acme}`, { session: acmeAdmin })).status).toBe(403);
  });
});

describe('tenant SMTP', () => {
  const received: { to: string[]; user: string | null }[] = [];
  const sink = new SMTPServer({
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'globex-mailer' && auth.password === 'Smtp-Secret-1') callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), user: (session.user as string | undefined) ?? null });
        callback(null);
      });
    },
  });
  let port = 0;
  const globex = () => server.ids.tenants.globex;
  const path = () => `/tenants/${globex()}/smtp`;

  beforeAll(async () => {
    await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', () => resolve()));
    const address = sink.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => sink.close(resolve));
  });

  it('starts empty, then stores the server with a sealed password that is never answered', async () => {
    const empty = await server.request('system', 'GET', path(), { session: superadmin });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ smtp: null });
    const res = await server.request('system', 'POST', path(), {
      session: superadmin,
      body: { host: '127.0.0.1', port, security: 'none', username: 'globex-mailer', password: 'Smtp-Secret-1', fromName: 'Globex', fromEmail: 'noreply@globex.test' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ host: '127.0.0.1', port, hasPassword: true, username: 'globex-mailer' });
    expect(res.text).not.toContain('Smtp-Secret-1');
    const [row] = await server.database.withPlatform((tx) => tx.select().from(tenantSmtp).where(eq(tenantSmtp.tenantId, globex())));
    expect(row?.password).toBeTruthy();
    expect(row?.password).not.toContain('Smtp-Secret-1');
    const [entry] = await server.database.withTenant(globex(), (tx) => tx.select().from(auditLog).where(eq(auditLog.entity, 'tenant.smtp')));
    expect(JSON.stringify(entry?.after)).not.toContain('Smtp-Secret-1');
    const again = await server.request('system', 'POST', path(), { session: superadmin, body: { host: 'x.test', port: 25, fromName: 'G', fromEmail: 'g@globex.test' } });
    expect(again.status).toBe(409);
  });

  it('keeps the stored password when the form is saved with an empty one, and sends the test mail through it', async () => {
    const res = await server.request('system', 'PATCH', path(), { session: superadmin, body: { fromName: 'Globex Mail', password: '' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ fromName: 'Globex Mail', hasPassword: true });
    const sent = await server.request('system', 'POST', `${path()}/test`, { session: superadmin, body: { to: 'someone@globex.test' } });
    expect(sent.status).toBe(200);
    expect(sent.body.delivered).toBe(true);
    expect(sent.body.message).toMatch(/^250/);
    expect(received.at(-1)).toEqual({ to: ['someone@globex.test'], user: 'globex-mailer' });
  });

  it("answers the SMTP server's error text when the test mail fails", async () => {
    await server.request('system', 'PATCH', path(), { session: superadmin, body: { password: 'wrong-Secret' } });
    const sent = await server.request('system', 'POST', `${path()}/test`, { session: superadmin, body: { to: 'someone@globex.test' } });
    expect(sent.status).toBe(200);
    expect(sent.body.delivered).toBe(false);
    expect(sent.body.message).toMatch(/Invalid username or password/);
  });

  it("lets a tenant administrator manage its own SMTP only: 404 for another tenant's, 403 for a member, 400 for bad input", async () => {
    const acmePath = `/tenants/${server.ids.tenants.acme}/smtp`;
    const own = await server.request('acme', 'POST', acmePath, { session: acmeAdmin, body: { host: 'smtp.acme.test', port: 587, fromName: 'Acme', fromEmail: 'noreply@acme.test' } });
    expect(own.status).toBe(201);
    expect(own.body.hasPassword).toBe(false);
    expect((await server.request('acme', 'GET', path(), { session: acmeAdmin })).status).toBe(404);
    expect((await server.request('acme', 'PATCH', path(), { session: acmeAdmin, body: { port: 25 } })).status).toBe(404);
    expect((await server.request('acme', 'GET', acmePath, { session: acmeMember })).status).toBe(403);
    const bad = await server.request('acme', 'PATCH', acmePath, { session: acmeAdmin, body: { port: 70000 } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ field: 'port', code: 'invalid_port' });
    const badHost = await server.request('acme', 'PATCH', acmePath, { session: acmeAdmin, body: { host: 'smtp acme' } });
    expect(badHost.body.errors[0]).toMatchObject({ field: 'host', code: 'invalid_host' });
  });

  it('addTenantSMTP: 403 to a member, 404 for another tenant, 400 with field codes for a bad host, port or sender', async () => {
    const good = { host: 'smtp.globex.test', port: 587, fromName: 'Globex', fromEmail: 'noreply@globex.test' };
    expect((await server.request('acme', 'POST', `/tenants/${server.ids.tenants.acme}/smtp`, { session: acmeMember, body: good })).status).toBe(403);
    expect((await server.request('acme', 'POST', path(), { session: acmeAdmin, body: good })).status).toBe(404);
    // Globex has no server until its own administrator (or the platform) adds one; bad input is refused first.
    const fresh = await create({ name: 'Mailless', sname: 'mailless', admin: admin('a@mailless.test') });
    const freshPath = `/tenants/${fresh.body.tenant.id}/smtp`;
    for (const [body, field, code] of [
      [{ ...good, host: 'smtp acme' }, 'host', 'invalid_host'],
      [{ ...good, port: 70000 }, 'port', 'invalid_port'],
      [{ ...good, port: 0 }, 'port', 'invalid_port'],
      [{ ...good, fromEmail: 'not-an-email' }, 'fromEmail', 'invalid_email'],
    ] as const) {
      const res = await server.request('system', 'POST', freshPath, { session: superadmin, body });
      expect(res.status, field).toBe(400);
      expect(res.body.code, field).toBe('validation_failed');
      expect(res.body.errors, field).toContainEqual(expect.objectContaining({ field, code }));
    }
    expect((await server.request('system', 'GET', freshPath, { session: superadmin })).body).toEqual({ smtp: null });
    const malformed = await server.request('system', 'POST', '/tenants/not-a-uuid/smtp', { session: superadmin, body: good });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors[0]).toMatchObject({ field: 'tenantId', code: 'invalid_value' });
  });

  it('updateTenantSMTP: 403 to a member', async () => {
    const res = await server.request('acme', 'PATCH', `/tenants/${server.ids.tenants.acme}/smtp`, { session: acmeMember, body: { port: 25 } });
    expect(res.status).toBe(403);
  });

  it('getTenantSMTP: 400 for a malformed tenant id', async () => {
    const res = await server.request('acme', 'GET', '/tenants/not-a-uuid/smtp', { session: acmeAdmin });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ field: 'tenantId', code: 'invalid_value' });
  });

  it('sendTenantTestMail: 403 to a member, 404 for another tenant, 400 for a bad recipient or tenant id', async () => {
    const acmeTest = `/tenants/${server.ids.tenants.acme}/smtp/test`;
    expect((await server.request('acme', 'POST', acmeTest, { session: acmeMember, body: { to: 'x@acme.test' } })).status).toBe(403);
    expect((await server.request('acme', 'POST', `${path()}/test`, { session: acmeAdmin, body: { to: 'x@globex.test' } })).status).toBe(404);
    const badTo = await server.request('acme', 'POST', acmeTest, { session: acmeAdmin, body: { to: 'not-an-email' } });
    expect(badTo.status).toBe(400);
    expect(badTo.body.errors[0]).toMatchObject({ field: 'to', code: 'invalid_email' });
    const missing = await server.request('acme', 'POST', acmeTest, { session: acmeAdmin, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0]).toMatchObject({ field: 'to', code: 'required' });
    const malformed = await server.request('acme', 'POST', '/tenants/not-a-uuid/smtp/test', { session: acmeAdmin, body: { to: 'x@acme.test' } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors[0]).toMatchObject({ field: 'tenantId', code: 'invalid_value' });
  });
});
