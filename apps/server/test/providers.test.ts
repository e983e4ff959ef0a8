// External sign-in (OpenID Connect, authorization code + PKCE) end to end against a real OpenID
// provider (oidc-provider) on loopback: the portal's server discovers it, sends the "browser" to
// its login and consent pages, redeems the code at its token endpoint and validates its ID token.
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSsoProvider } from '../src/auth/providers/index.ts';
import { generateTotpSecret, totpCode } from '../src/auth/two-factor/totp.ts';
import { MASK } from '../src/kernel/audit/record.ts';
import { auditLog, authRequests, sessions, tenants, userIdentities, users } from '../src/kernel/db/schema.ts';
import { startTestServer, userEmail, type TestResponse, type TestServer, type TestSession } from './harness.ts';
import { startLoopbackProvider, type LoopbackProvider } from './loopback-oidc.ts';

let server: TestServer;
let op: LoopbackProvider;
const client = { clientId: 'portal-test', clientSecret: 'Loopback-Client-Secret-1' };
const ids = { acme: '', acmeDisabled: '', globex: '' };

const callbackUrl = (tenant: string) => `http://${tenant}.portal.test:${server.port}/api/v1/auth/providers/callback`;
const setCookies = (response: TestResponse) => (response.headers['set-cookie']) ?? [];

function sessionFrom(response: TestResponse): TestSession | null {
  const values = Object.fromEntries(setCookies(response).map((line) => line.split(';')[0]!.split('=') as [string, string]));
  const secret = values.portal_session;
  const csrfToken = values.portal_csrf;
  return secret && csrfToken ? { cookie: `portal_session=${secret}; portal_csrf=${csrfToken}`, csrfToken, secret } : null;
}

async function setSocialSignup(open: boolean) {
  await server.database.withPlatform((tx) => tx.update(tenants).set({ signupSocial: open }).where(eq(tenants.id, server.ids.tenants.acme)));
}

/** The test's browser: the cookie that binds its sign-ins to it (set by the first start). */
let browserCookie = '';

/** Starts a sign-in at `tenant` in the test's browser, returning the provider's authorization URL. */
async function start(tenant: string, providerId: string, options: { intent?: 'login' | 'signup'; returnTo?: string } = {}): Promise<URL> {
  const response = await server.request(tenant, 'POST', `/auth/providers/${options.intent ?? 'login'}`, {
    body: { providerId, ...(options.returnTo ? { returnTo: options.returnTo } : {}) },
    headers: browserCookie ? { cookie: browserCookie } : {},
  });
  expect(response.status, response.text).toBe(200);
  const binding = setCookies(response).find((line) => line.startsWith('portal_oidc='));
  expect(binding).toMatch(/HttpOnly/i);
  browserCookie = binding!.split(';')[0]!;
  return new URL(response.body.authorizationUrl);
}

/** The browser arriving back at the portal's callback with whatever the provider sent. */
async function arrive(tenant: string, url: URL, session?: TestSession, browser = browserCookie): Promise<TestResponse> {
  expect(url.href.startsWith(callbackUrl(tenant))).toBe(true);
  const cookie = [browser, session?.cookie].filter(Boolean).join('; ');
  return server.request(tenant, 'GET', `${url.pathname}${url.search}`, cookie ? { headers: { cookie } } : {});
}

/** The whole round trip: portal → provider login and consent as `login` → portal callback. */
async function signInVia(tenant: string, providerId: string, login: string, options: { intent?: 'login' | 'signup'; returnTo?: string; session?: TestSession } = {}) {
  const authorizationUrl = await start(tenant, providerId, options);
  const back = await op.browse(authorizationUrl.href, login);
  const response = await arrive(tenant, back, options.session);
  return { response, back, session: sessionFrom(response) };
}

async function expectSignedInAs(session: TestSession | null, email: string, role?: string) {
  expect(session).not.toBeNull();
  const me = await server.request('acme', 'GET', '/me', { session: session! });
  expect(me.status).toBe(200);
  expect(me.body.email).toBe(email);
  if (role) expect(me.body.role).toBe(role);
}

function expectRefused(response: TestResponse, code: string) {
  expect(response.status).toBe(302);
  expect(response.headers.location).toBe(`/portal/login?error=${code}`);
  expect(sessionFrom(response)).toBeNull();
}

beforeAll(async () => {
  server = await startTestServer();
  op = await startLoopbackProvider([{ ...client, redirectUris: [callbackUrl('acme'), callbackUrl('globex')] }]);
  // Acme's provider comes through the admin operation; Globex's through the server function.
  const admin = await server.login('acme', userEmail('acme', 'admin'));
  const created = await server.request('acme', 'POST', '/tenant/sso', {
    session: admin,
    body: {
      name: 'Loopback ID',
      kind: 'google',
      issuer: op.issuer,
      ...client,
      roleMapping: { claim: 'groups', values: { 'portal-admins': 'admin' } },
    },
  });
  expect(created.status, created.text).toBe(201);
  ids.acme = created.body.id;
  const disabled = await server.request('acme', 'POST', '/tenant/sso', {
    session: admin,
    body: { name: 'Retired ID', issuer: op.issuer, ...client, status: 'disabled' },
  });
  ids.acmeDisabled = disabled.body.id;
  const globex = await createSsoProvider(
    { tenantId: server.ids.tenants.globex, db: (fn) => server.database.withTenant(server.ids.tenants.globex, fn), secrets: server.app.secrets },
    { name: 'Loopback ID', kind: 'oidc', issuer: op.issuer, ...client },
  );
  ids.globex = globex.id;
});

afterAll(async () => {
  await op?.close();
  await server?.close();
});

describe('authProviderConfigs', () => {
  it('lists the enabled providers of the caller tenant only, and whether social sign-up is open', async () => {
    const acme = await server.request('acme', 'GET', '/auth/providers');
    expect(acme.status).toBe(200);
    expect(acme.body).toEqual({ providers: [{ id: ids.acme, name: 'Loopback ID', kind: 'google' }], signupSocial: false });
    const globex = await server.request('globex', 'GET', '/auth/providers');
    expect(globex.body.providers).toEqual([{ id: ids.globex, name: 'Loopback ID', kind: 'oidc' }]);
  });
});

describe('authProviderLogin', () => {
  it('answers an authorization URL at the provider with PKCE S256, state, nonce and the callback as redirect URI', async () => {
    const url = await start('acme', ids.acme);
    expect(url.origin).toBe(op.issuer);
    expect(url.searchParams.get('client_id')).toBe(client.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(callbackUrl('acme'));
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('scope')).toBe('openid email profile');
  });

  it("answers 404 for another tenant's provider, a disabled one and an unknown id", async () => {
    for (const providerId of [ids.globex, ids.acmeDisabled, '00000000-0000-4000-8000-000000000000']) {
      const response = await server.request('acme', 'POST', '/auth/providers/login', { body: { providerId } });
      expect(response.status).toBe(404);
    }
  });

  it('answers 400 with field errors for a malformed body', async () => {
    const response = await server.request('acme', 'POST', '/auth/providers/login', { body: { providerId: 'nope' } });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([expect.objectContaining({ field: 'providerId' })]);
  });

  it('answers 502 when the configured issuer does not match what the provider says it is', async () => {
    const admin = await server.login('acme', userEmail('acme', 'admin'));
    const created = await server.request('acme', 'POST', '/tenant/sso', {
      session: admin,
      // The same provider under another name for its host: its discovery document names 127.0.0.1.
      body: { name: 'Wrong issuer', issuer: op.issuer.replace('127.0.0.1', 'localhost'), ...client },
    });
    expect(created.status).toBe(201);
    const response = await server.request('acme', 'POST', '/auth/providers/login', { body: { providerId: created.body.id } });
    expect(response.status).toBe(502);
    expect(response.body.code).toBe('provider_unavailable');
    await server.request('acme', 'PATCH', `/tenant/sso/${created.body.id}`, { session: admin, body: { status: 'disabled' } });
  });
});

describe('authProviderCallback', () => {
  it('links an existing user by verified email, then signs the linked identity in even after its email changed', async () => {
    op.accounts.set('mia', { email: userEmail('acme', 'member'), email_verified: true, given_name: 'Mia' });
    const first = await signInVia('acme', ids.acme, 'mia');
    expect(first.response.status).toBe(302);
    expect(first.response.headers.location).toBe('/portal/landing-page');
    expect(first.response.headers['cache-control']).toBe('no-store');
    const cookie = setCookies(first.response).find((line) => line.startsWith('portal_session='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    await expectSignedInAs(first.session, userEmail('acme', 'member'), 'member');

    op.accounts.set('mia', { email: 'mia.elsewhere@example.org', email_verified: false });
    const again = await signInVia('acme', ids.acme, 'mia');
    await expectSignedInAs(again.session, userEmail('acme', 'member'));
  });

  it('does not link an existing user when the provider does not vouch for the email', async () => {
    op.accounts.set('mallory', { email: userEmail('acme', 'admin'), email_verified: false });
    const { response } = await signInVia('acme', ids.acme, 'mallory');
    expectRefused(response, 'provider_email_unverified');
  });

  it('asks for the second factor of a user with two-factor on instead of starting a session', async () => {
    const email = userEmail('acme', 'guest');
    const secret = generateTotpSecret();
    await server.database.withTenant(server.ids.tenants.acme, (tx) =>
      tx.update(users).set({ totpSecret: server.app.secrets.seal(secret), totpEnabledAt: new Date() }).where(eq(users.email, email)),
    );
    op.accounts.set('tess', { email, email_verified: true });
    const { response, session } = await signInVia('acme', ids.acme, 'tess', { returnTo: '/portal/user' });
    expect(response.status).toBe(302);
    expect(session).toBeNull();
    const location = new URL(response.headers.location as string, 'http://portal.invalid');
    expect(location.pathname).toBe('/portal/login');
    expect(location.searchParams.get('redirect')).toBe('/portal/user');
    // In the fragment, which the browser never sends to a server.
    const tmpid = new URLSearchParams(location.hash.slice(1)).get('two-factor');
    expect(tmpid).toBeTruthy();
    const done = await server.request('acme', 'POST', '/auth/login/two-factor', { body: { tmpid, code: totpCode(secret) } });
    expect(done.status).toBe(200);
    await expectSignedInAs(sessionFrom(done), email);
  });

  it('never links an administrator’s account by email, and refuses mapping claims to roles the caller cannot give', async () => {
    op.accounts.set('trudy', { email: userEmail('acme', 'tenantadmin'), email_verified: true });
    expectRefused((await signInVia('acme', ids.acme, 'trudy')).response, 'provider_link_privileged');
    const admin = await server.login('acme', userEmail('acme', 'admin'));
    const escalate = await server.request('acme', 'PATCH', `/tenant/sso/${ids.acme}`, {
      session: admin,
      body: { roleMapping: { claim: 'groups', values: { owners: 'tenantadmin' } } },
    });
    expect(escalate.status).toBe(400);
    expect(escalate.body.errors[0]).toMatchObject({ field: 'roleMapping.values.owners', code: 'role_not_assignable' });
  });

  it('refuses a disabled user', async () => {
    op.accounts.set('dora', { email: userEmail('acme', 'disabled'), email_verified: true });
    const { response } = await signInVia('acme', ids.acme, 'dora');
    expectRefused(response, 'account_disabled');
  });

  it('refuses an unknown person while social sign-up is off, and authProviderSignup answers 403', async () => {
    await setSocialSignup(false);
    op.accounts.set('newcomer', { email: 'newcomer@example.org', email_verified: true });
    const { response } = await signInVia('acme', ids.acme, 'newcomer');
    expectRefused(response, 'signup_closed');
    const signup = await server.request('acme', 'POST', '/auth/providers/signup', { body: { providerId: ids.acme } });
    expect(signup.status).toBe(403);
    expect(signup.body.code).toBe('signup_closed');
    const [row] = await server.database.withPlatform((tx) => tx.select().from(users).where(eq(users.email, 'newcomer@example.org')));
    expect(row).toBeUndefined();
  });

  it('creates the user with the role mapped from the claims when social sign-up is open', async () => {
    await setSocialSignup(true);
    try {
      op.accounts.set('ada', { email: 'Ada.Lovelace@Example.org', email_verified: true, given_name: 'Ada', family_name: 'Lovelace', groups: ['staff', 'portal-admins'] });
      const ada = await signInVia('acme', ids.acme, 'ada', { intent: 'signup', returnTo: '/portal/user?tab=all' });
      expect(ada.response.headers.location).toBe('/portal/user?tab=all');
      await expectSignedInAs(ada.session, 'ada.lovelace@example.org', 'admin');
      const [created] = await server.database.withPlatform((tx) => tx.select().from(users).where(eq(users.email, 'ada.lovelace@example.org')));
      expect(created).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', passwordHash: null, status: 'enabled', tenantId: server.ids.tenants.acme });

      // A new account needs a vouched-for email too, or it could squat on someone else's address.
      op.accounts.set('cy', { email: 'cy@example.org', email_verified: false });
      expectRefused((await signInVia('acme', ids.acme, 'cy')).response, 'provider_email_unverified');

      op.accounts.set('bo', { email: 'bo@example.org', email_verified: true, name: 'Bo 42 Lindqvist', groups: ['staff'] });
      const bo = await signInVia('acme', ids.acme, 'bo', { returnTo: 'https://evil.example/portal' });
      expect(bo.response.headers.location).toBe('/portal/landing-page');
      await expectSignedInAs(bo.session, 'bo@example.org', 'member');
      const me = await server.request('acme', 'GET', '/me', { session: bo.session! });
      expect(me.body).toMatchObject({ firstName: 'Bo', lastName: 'Lindqvist' });
    } finally {
      await setSocialSignup(false);
    }
  });

  it("refuses a new account once the tenant holds its user limit, while existing users still sign in", async () => {
    const acme = server.ids.tenants.acme;
    const [held] = await server.database.withTenant(acme, (tx) => tx.select({ n: sql<number>`count(*)::int` }).from(users));
    await setSocialSignup(true);
    await server.database.withPlatform((tx) => tx.update(tenants).set({ maxUsers: held!.n }).where(eq(tenants.id, acme)));
    try {
      op.accounts.set('late', { email: 'late@example.org', email_verified: true });
      expectRefused((await signInVia('acme', ids.acme, 'late')).response, 'user_limit_reached');
      const [row] = await server.database.withPlatform((tx) => tx.select().from(users).where(eq(users.email, 'late@example.org')));
      expect(row).toBeUndefined();
      const { session } = await signInVia('acme', ids.acme, 'mia');
      await expectSignedInAs(session, userEmail('acme', 'member'));
    } finally {
      await server.database.withPlatform((tx) => tx.update(tenants).set({ maxUsers: null }).where(eq(tenants.id, acme)));
      await setSocialSignup(false);
    }
  });

  it('rotates the session: the one the browser held before ends', async () => {
    const before = await server.login('acme', userEmail('acme', 'member'));
    const { session } = await signInVia('acme', ids.acme, 'mia', { session: before });
    await expectSignedInAs(session, userEmail('acme', 'member'));
    expect(session!.secret).not.toBe(before.secret);
    expect((await server.request('acme', 'GET', '/me', { session: before })).status).toBe(401);
  });

  it('refuses an unknown state and a callback without one', async () => {
    expectRefused(await server.request('acme', 'GET', '/auth/providers/callback?state=made-up&code=abc'), 'provider_state_invalid');
    expectRefused(await server.request('acme', 'GET', '/auth/providers/callback?code=abc'), 'provider_state_invalid');
  });

  it('accepts a state once: replaying the same callback is refused', async () => {
    const { response, back } = await signInVia('acme', ids.acme, 'mia');
    expect(response.headers.location).toBe('/portal/landing-page');
    expectRefused(await arrive('acme', back), 'provider_state_invalid');
  });

  it('refuses a state that expired', async () => {
    const url = await start('acme', ids.acme);
    const back = await op.browse(url.href, 'mia');
    await server.database.withPlatform((tx) => tx.update(authRequests).set({ expiresAt: sql`now() - interval '1 second'` }));
    expectRefused(await arrive('acme', back), 'provider_state_invalid');
  });

  it("refuses a state of another tenant's request", async () => {
    const url = await start('globex', ids.globex);
    const back = await op.browse(url.href, 'mia');
    const response = await server.request('acme', 'GET', `${back.pathname}${back.search}`, { headers: { cookie: browserCookie } });
    expectRefused(response, 'provider_state_invalid');
  });

  it('refuses an ID token whose nonce is not the one sent', async () => {
    const url = await start('acme', ids.acme);
    await server.database.withPlatform((tx) => tx.update(authRequests).set({ nonce: 'not-the-nonce-that-was-sent' }));
    const back = await op.browse(url.href, 'mia');
    expectRefused(await arrive('acme', back), 'provider_failed');
  });

  it('refuses an answer claiming another issuer', async () => {
    const url = await start('acme', ids.acme);
    const back = await op.browse(url.href, 'mia');
    expect(back.searchParams.get('iss')).toBe(op.issuer);
    back.searchParams.set('iss', 'https://impostor.example');
    expectRefused(await arrive('acme', back), 'provider_failed');
  });

  it('refuses a callback arriving in another browser than the one that started the sign-in (login CSRF)', async () => {
    // An attacker starts a sign-in with their own provider account and hands the callback URL to a victim.
    const url = await start('acme', ids.acme);
    const back = await op.browse(url.href, 'mia');
    expectRefused(await arrive('acme', back, undefined, ''), 'provider_state_invalid');
    expectRefused(await arrive('acme', back, undefined, 'portal_oidc=AnotherBrowsersBindingValue0123456789abcdefg'), 'provider_state_invalid');
  });

  it('refuses a stolen code without the PKCE verifier of its request', async () => {
    const victim = await start('acme', ids.acme);
    const back = await op.browse(victim.href, 'mia');
    // The attacker starts their own request and presents the victim's code with their own state.
    const attacker = await start('acme', ids.acme);
    back.searchParams.set('state', attacker.searchParams.get('state')!);
    expectRefused(await arrive('acme', back), 'provider_failed');
  });

  it('tells the login page when the person declined at the provider', async () => {
    const url = await start('acme', ids.acme);
    const back = new URL(callbackUrl('acme'));
    back.search = new URLSearchParams({ state: url.searchParams.get('state')!, error: 'access_denied', iss: op.issuer }).toString();
    expectRefused(await arrive('acme', back), 'provider_denied');
  });

  it('keeps the identity link and the sessions in the tenant', async () => {
    const links = await server.database.withPlatform((tx) => tx.select().from(userIdentities).where(eq(userIdentities.subject, 'mia')));
    expect(links).toEqual([expect.objectContaining({ tenantId: server.ids.tenants.acme, providerId: ids.acme, userId: server.ids.users[userEmail('acme', 'member')] })]);
    const open = await server.database.withPlatform((tx) => tx.select().from(sessions).where(eq(sessions.userId, server.ids.users[userEmail('acme', 'member')]!)));
    expect(open.every((s) => s.tenantId === server.ids.tenants.acme)).toBe(true);
  });
});

describe('tenant SSO settings', () => {
  it('lists providers without their secrets, with the redirect URI to register', async () => {
    const admin = await server.login('acme', userEmail('acme', 'admin'));
    const response = await server.request('acme', 'GET', '/tenant/sso', { session: admin });
    expect(response.status).toBe(200);
    expect(response.body.redirectUri).toBe(callbackUrl('acme'));
    const loopback = response.body.items.find((item: { id: string }) => item.id === ids.acme);
    expect(loopback).toMatchObject({ hasSecret: true, clientId: client.clientId, roleMapping: { claim: 'groups', values: { 'portal-admins': 'admin' } } });
    expect(response.text).not.toContain(client.clientSecret);
    expect(response.body.items.some((item: { id: string }) => item.id === ids.globex)).toBe(false);
  });

  it('stores the client secret sealed', async () => {
    const stored = await server.database.withTenant(server.ids.tenants.acme, (tx) => tx.execute(sql`select client_secret from auth_providers where id = ${ids.acme}`));
    const text = JSON.stringify(stored);
    expect(text).not.toContain(client.clientSecret);
    expect(text).toContain('v1.');
  });

  it('validates the issuer, the role mapping and the name', async () => {
    const admin = await server.login('acme', userEmail('acme', 'admin'));
    const plainHttp = await server.request('acme', 'POST', '/tenant/sso', { session: admin, body: { name: 'Plain', issuer: 'http://id.example.com', clientId: 'x' } });
    expect(plainHttp.status).toBe(400);
    expect(plainHttp.body.errors).toEqual([expect.objectContaining({ field: 'issuer', code: 'invalid_issuer' })]);
    const unknownRole = await server.request('acme', 'POST', '/tenant/sso', {
      session: admin,
      body: { name: 'Roles', issuer: 'https://id.example.com', clientId: 'x', roleMapping: { claim: 'groups', values: { g: 'emperor' } } },
    });
    expect(unknownRole.status).toBe(400);
    expect(unknownRole.body.errors).toEqual([expect.objectContaining({ field: 'roleMapping.values.g', code: 'invalid_role' })]);
    const noOpenid = await server.request('acme', 'POST', '/tenant/sso', { session: admin, body: { name: 'Scopes', issuer: 'https://id.example.com', clientId: 'x', scopes: 'email' } });
    expect(noOpenid.status).toBe(400);
    const duplicate = await server.request('acme', 'POST', '/tenant/sso', { session: admin, body: { name: 'Loopback ID', issuer: 'https://id.example.com', clientId: 'x' } });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.code).toBe('name_exists');
  });

  it('is for administrators of the tenant only', async () => {
    const member = await server.login('acme', userEmail('acme', 'member'));
    expect((await server.request('acme', 'GET', '/tenant/sso', { session: member })).status).toBe(403);
    expect((await server.request('acme', 'POST', '/tenant/sso', { session: member, body: { name: 'M', issuer: 'https://id.example.com', clientId: 'x' } })).status).toBe(403);
    expect((await server.request('acme', 'GET', '/tenant/sso')).status).toBe(401);
  });

  it("updates a provider of the tenant, and answers 404 for another tenant's", async () => {
    const admin = await server.login('acme', userEmail('acme', 'admin'));
    const other = await server.request('acme', 'PATCH', `/tenant/sso/${ids.globex}`, { session: admin, body: { status: 'disabled' } });
    expect(other.status).toBe(404);
    const renamed = await server.request('acme', 'PATCH', `/tenant/sso/${ids.acmeDisabled}`, { session: admin, body: { name: 'Old ID', clientSecret: null, status: 'enabled' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Old ID', hasSecret: false, status: 'enabled' });
    const configs = await server.request('acme', 'GET', '/auth/providers');
    expect(configs.body.providers.map((p: { name: string }) => p.name)).toEqual(['Loopback ID', 'Old ID']);
    await server.request('acme', 'PATCH', `/tenant/sso/${ids.acmeDisabled}`, { session: admin, body: { status: 'disabled' } });
  });

  it('audits adding and updating a provider with before/after, the client secret masked', async () => {
    const admin = await server.login('acme', userEmail('acme', 'admin'));
    const secret = 'Audit-Client-Secret-42';
    const created = await server.request('acme', 'POST', '/tenant/sso', { session: admin, body: { name: 'Audited ID', issuer: 'https://id.example.com', clientId: 'aud', clientSecret: secret } });
    expect(created.status, created.text).toBe(201);
    const newSecret = 'Audit-Client-Secret-43';
    const updated = await server.request('acme', 'PATCH', `/tenant/sso/${created.body.id}`, { session: admin, body: { clientId: 'aud-2', clientSecret: newSecret } });
    expect(updated.status).toBe(200);

    const entries = await server.database.withTenant(server.ids.tenants.acme, (tx) =>
      tx.select().from(auditLog).where(and(eq(auditLog.entity, 'tenant_sso'), eq(auditLog.entityId, created.body.id))).orderBy(asc(auditLog.createdAt)),
    );
    expect(entries.map((e) => e.action)).toEqual(['create', 'update']);
    const [add, change] = entries;
    expect(add).toMatchObject({ actorLabel: userEmail('acme', 'admin'), before: null, after: { name: 'Audited ID', clientId: 'aud', clientSecret: MASK } });
    expect(change).toMatchObject({ before: { clientId: 'aud', clientSecret: MASK }, after: { clientId: 'aud-2', clientSecret: MASK } });
    const text = JSON.stringify(entries);
    expect(text).not.toContain(secret);
    expect(text).not.toContain(newSecret);
    expect(text).not.toContain('v1.');

    // The audit log screen shows them too, never the secret.
    const log = await server.request('acme', 'GET', '/audit-log?entity=tenant_sso', { session: admin });
    expect(log.status, log.text).toBe(200);
    expect(log.body.items.filter((item: { entityId: string }) => item.entityId === created.body.id)).toHaveLength(2);
    expect(log.text).not.toContain(secret);
    expect(log.text).not.toContain(newSecret);
  });
});
