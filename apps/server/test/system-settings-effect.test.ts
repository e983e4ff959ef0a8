// The global configuration's system section takes effect, over real HTTP: the saved public URL is
// the base of mailed links and handed-out sign-in URLs when PUBLIC_URL is not set (PUBLIC_URL still
// wins), and maintenance mode closes every tenant but `system` while getTenantInfo and getHealth
// keep answering and say so.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../src/kernel/db/schema.ts';
import { acmeClient, startTestServer, userEmail, type TestServer, type TestSession } from './harness.ts';

type SystemValues = { publicUrl: string | null; supportEmail: string | null; defaultLanguage: string; maintenanceMode: boolean };
const saved: SystemValues = { publicUrl: 'https://meet.example.com', supportEmail: 'help@example.com', defaultLanguage: 'en', maintenanceMode: false };

async function saveSystem(server: TestServer, superadmin: TestSession, values: Partial<SystemValues>) {
  const response = await server.request('system', 'PUT', '/settings/system', { session: superadmin, body: { ...saved, ...values } });
  expect(response.status).toBe(200);
}

/** The newest mail queued to `to` in acme. */
async function acmeMail(server: TestServer, to: string) {
  const mails = await server.database.withTenant(server.ids.tenants.acme, (tx) => tx.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, to))));
  return mails.at(-1);
}

const newUser = (email: string) => ({ email, firstName: 'Nina', lastName: 'New', roles: ['member'], passwordMode: 'generate' });

describe('the saved public URL without PUBLIC_URL', () => {
  let server: TestServer;
  let superadmin: TestSession;
  let admin: TestSession;
  beforeAll(async () => {
    // SMTP configured: without a public URL a mailed link from a foreign Host would be refused (mail-link-origin.test.ts).
    server = await startTestServer({ config: { publicUrl: null, smtpUrl: 'smtp://127.0.0.1:9' } });
    superadmin = await server.login('system', userEmail('system', 'superadmin'));
    admin = await server.login('acme', userEmail('acme', 'admin'));
  });
  afterAll(() => server?.close());

  it('is the base of an invitation link and of the sign-in URLs, whatever the Host header says', async () => {
    const invitee = server.ids.users[userEmail('acme', 'mustchange')]!;
    // Before it is saved, a mailed link from a foreign host is refused.
    const refused = await server.request('acme', 'POST', `/users/${invitee}/invite`, { session: admin, host: `acme.attacker.example:${server.port}` });
    expect(refused.status).toBe(503);
    expect(refused.body.code).toBe('public_url_required');

    await saveSystem(server, superadmin, {});
    const invited = await server.request('acme', 'POST', `/users/${invitee}/invite`, { session: admin, host: `acme.attacker.example:${server.port}` });
    expect(invited.status).toBe(202);
    const mail = await acmeMail(server, userEmail('acme', 'mustchange'));
    expect(mail?.textBody).toMatch(/https:\/\/acme\.meet\.example\.com\/portal\/auth\/reset-password\?token=[A-Za-z0-9_-]{20,}/);
    expect(mail?.textBody).not.toContain('attacker');

    const reset = await server.request('acme', 'POST', '/auth/password-reset', { body: { email: userEmail('acme', 'member') }, host: `acme.attacker.example:${server.port}` });
    expect(reset.status).toBe(202);
    expect((await acmeMail(server, userEmail('acme', 'member')))?.textBody).toContain('https://acme.meet.example.com/portal/auth/reset-password?token=');

    // The sign-in information of a new account or tenant follows the same base.
    const added = await server.request('acme', 'POST', '/users', { session: admin, body: newUser('nina@acme.test') });
    expect(added.status).toBe(201);
    expect(added.body.signIn.url).toBe('https://acme.meet.example.com/portal/login');
    const fromPlatform = await server.request('system', 'POST', `/tenants/${server.ids.tenants.acme}/users`, { session: superadmin, body: newUser('nils@acme.test') });
    expect(fromPlatform.status).toBe(201);
    expect(fromPlatform.body.signIn.url).toBe('https://acme.meet.example.com/portal/login');
    const tenant = await server.request('system', 'POST', '/tenants', {
      session: superadmin,
      body: { name: 'Kappa Inc', sname: 'kappa', brandname: 'Kappa Meet', admin: { email: 'boss@kappa.test', firstName: 'Kim', lastName: 'Boss', passwordMode: 'generate' } },
    });
    expect(tenant.status).toBe(201);
    expect(tenant.body.signIn.url).toBe('https://kappa.meet.example.com/portal/login');

    // Saved empty (null) again: back to refusing a link from a foreign Host.
    await saveSystem(server, superadmin, { publicUrl: null, supportEmail: null });
    const again = await server.request('acme', 'POST', `/users/${invitee}/invite`, { session: admin, host: `acme.attacker.example:${server.port}` });
    expect(again.status).toBe(503);
    expect(again.body.code).toBe('public_url_required');
    const info = await server.request('acme', 'POST', '/tenant-info', { body: {} });
    expect(info.body.supportEmail).toBeNull();
  });
});

describe('PUBLIC_URL with a saved public URL', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ config: { publicUrl: 'https://env.example.org', smtpUrl: null } });
  });
  afterAll(() => server?.close());

  it('wins over the saved one', async () => {
    const superadmin = await server.login('system', userEmail('system', 'superadmin'));
    const admin = await server.login('acme', userEmail('acme', 'admin'));
    await saveSystem(server, superadmin, {});
    const invited = await server.request('acme', 'POST', `/users/${server.ids.users[userEmail('acme', 'mustchange')]}/invite`, { session: admin });
    expect(invited.status).toBe(202);
    const mail = await acmeMail(server, userEmail('acme', 'mustchange'));
    expect(mail?.textBody).toContain('https://acme.env.example.org/portal/auth/reset-password?token=');
    expect(mail?.textBody).not.toContain('meet.example.com');
    const added = await server.request('acme', 'POST', '/users', { session: admin, body: newUser('nina@acme.test') });
    expect(added.body.signIn.url).toBe('https://acme.env.example.org/portal/login');
  });
});

describe('maintenance mode', () => {
  let server: TestServer;
  let superadmin: TestSession;
  let acmeAdmin: TestSession;
  beforeAll(async () => {
    server = await startTestServer();
    superadmin = await server.login('system', userEmail('system', 'superadmin'));
    acmeAdmin = await server.login('acme', userEmail('acme', 'admin'));
  });
  afterAll(() => server?.close());

  const expectMaintenance = (response: { status: number; headers: Record<string, unknown>; body: { code?: string } }) => {
    expect(response.status).toBe(503);
    expect(String(response.headers['content-type'])).toMatch(/^application\/problem\+json/);
    expect(response.body.code).toBe('maintenance');
  };

  it('answers what it says before it is switched on', async () => {
    const info = await server.request('acme', 'POST', '/tenant-info', { body: {} });
    expect(info.body).toMatchObject({ maintenance: false, supportEmail: null });
    expect((await server.request('system', 'GET', '/health')).body.maintenance).toBe(false);
  });

  it('closes every tenant but system to sign-in and to signed-in sessions', async () => {
    await saveSystem(server, superadmin, { maintenanceMode: true });

    expectMaintenance(await server.request('acme', 'POST', '/auth/login', { body: { email: userEmail('acme', 'admin'), password: 'Passw0rd!' } }));
    expectMaintenance(await server.request('acme', 'GET', '/users', { session: acmeAdmin }));
    expectMaintenance(await server.request('acme', 'GET', '/me', { session: acmeAdmin }));
    expectMaintenance(await server.request('acme', 'POST', '/auth/signup', { body: { email: 'new@acme.test', firstName: 'Nora', lastName: 'New' } }));
    expectMaintenance(await server.request('globex', 'POST', '/auth/login', { body: { email: userEmail('globex', 'admin'), password: 'Passw0rd!' } }));
    const clientLogin = { body: { realm: 'acme', appId: acmeClient.clientId, appSecret: acmeClient.secret } };
    expectMaintenance(await server.request('acme', 'POST', '/auth/client-token', clientLogin));
    // The token would be acme's, whichever host is asked.
    expectMaintenance(await server.request('system', 'POST', '/auth/client-token', clientLogin));
    expectMaintenance(await server.request('acme', 'POST', '/auth/providers/login', { body: { providerId: '7d0c3a5e-9c1e-4c8e-9b2f-2f1f0e6f4a11' } }));
    // The providers' callback is a browser navigation: back to the login page, which explains.
    const callback = await server.request('acme', 'GET', '/auth/providers/callback?state=abc&code=xyz');
    expect(callback.status).toBe(302);
    expect(callback.headers.location).toBe('/portal/login?error=maintenance');

    // The login page still renders and says why.
    const info = await server.request('acme', 'POST', '/tenant-info', { body: {} });
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({ sname: 'acme', maintenance: true, supportEmail: 'help@example.com' });
    const health = await server.request('system', 'GET', '/health');
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ status: 'ok', maintenance: true });
  });

  it('leaves the platform super administrator at system working', async () => {
    const fresh = await server.login('system', userEmail('system', 'superadmin'));
    expect((await server.request('system', 'GET', '/users', { session: fresh })).status).toBe(200);
    expect((await server.request('system', 'GET', '/tenants', { session: superadmin })).status).toBe(200);
    const settings = await server.request('system', 'GET', '/settings/system', { session: superadmin });
    expect(settings.body.values.maintenanceMode).toBe(true);
    // The system realm's own login page has no notice: it stays open.
    expect((await server.request('system', 'POST', '/tenant-info', { body: {} })).body.maintenance).toBe(false);
  });

  it('opens everything again once switched off', async () => {
    await saveSystem(server, superadmin, { maintenanceMode: false });
    expect((await server.request('acme', 'GET', '/users', { session: acmeAdmin })).status).toBe(200);
    const session = await server.login('acme', userEmail('acme', 'member'));
    expect((await server.request('acme', 'GET', '/me', { session })).status).toBe(200);
    const client = await server.request('acme', 'POST', '/auth/client-token', { body: { realm: 'acme', appId: acmeClient.clientId, appSecret: acmeClient.secret } });
    expect(client.status).toBe(200);
    expect((await server.request('acme', 'POST', '/tenant-info', { body: {} })).body.maintenance).toBe(false);
    expect((await server.request('system', 'GET', '/health')).body.maintenance).toBe(false);
  });
});
