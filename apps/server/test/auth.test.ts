import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginThrottle, registerSignInAttempt, signInSucceeded } from '../src/kernel/throttle/password-guesses.ts';
import { dropProcessCaches } from '../src/kernel/db/process-cache.ts';
import { roles, sessions, userRoles } from '../src/kernel/db/schema.ts';
import { acmeClient, startTestServer, testPassword, userEmail, type TestServer } from './harness.ts';

let server: TestServer;
// These tests change sessions and roles in the database directly, as the screens of later issues
// will through the API; an API write drops cached principals, so these do the same by hand.
const outOfBandWrite = () => dropProcessCaches(server.database);
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const setCookies = (headers: Record<string, unknown>) => (headers['set-cookie'] as string[] | undefined) ?? [];

describe('loginUser', () => {
  it('starts a session with an httpOnly Lax session cookie and a readable Strict CSRF cookie', async () => {
    const response = await server.request('acme', 'POST', '/auth/login', { body: { email: 'Admin@Acme.test', password: testPassword } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ email: 'admin@acme.test', firstname: 'Admin', change_password: false, tmpid: null });
    const cookies = setCookies(response.headers);
    const session = cookies.find((c) => c.startsWith('portal_session='));
    const csrf = cookies.find((c) => c.startsWith('portal_csrf='));
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).not.toMatch(/Secure/i); // plain http in tests
    expect(csrf).not.toMatch(/HttpOnly/i);
    expect(csrf).toMatch(/SameSite=Strict/i);
    expect(csrf).toContain(`portal_csrf=${response.body.csrfToken}`);
  });

  it('marks the cookies Secure behind an https proxy', async () => {
    const secure = await startTestServer({ config: { trustProxy: true } });
    try {
      const response = await secure.request('acme', 'POST', '/auth/login', {
        body: { email: userEmail('acme', 'member'), password: testPassword },
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(response.status).toBe(200);
      expect(setCookies(response.headers).every((cookie) => /;\s*Secure/i.test(cookie))).toBe(true);
    } finally {
      await secure.close();
    }
  });

  it('tells whoever knows a disabled account\u2019s password that it is disabled, and starts no session', async () => {
    const response = await server.request('acme', 'POST', '/auth/login', { body: { email: userEmail('acme', 'disabled'), password: testPassword } });
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('account_disabled');
    expect(setCookies(response.headers).some((c) => c.startsWith('portal_session='))).toBe(false);
  });

  it('refuses a wrong password and an unknown email alike, a disabled account\u2019s included', async () => {
    for (const [email, password] of [
      [userEmail('acme', 'member'), 'Wrong-Passw0rd'],
      ['nobody@acme.test', testPassword],
      [userEmail('acme', 'disabled'), 'Wrong-Passw0rd'],
    ] as const) {
      const response = await server.request('acme', 'POST', '/auth/login', { body: { email, password } });
      expect(response.status).toBe(401);
      expect(response.body.code).toBe('invalid_credentials');
      expect(setCookies(response.headers).some((c) => c.startsWith('portal_session='))).toBe(false);
    }
  });

  it('does not sign a user of one tenant in at another', async () => {
    const response = await server.request('globex', 'POST', '/auth/login', { body: { email: userEmail('acme', 'admin'), password: testPassword } });
    expect(response.status).toBe(401);
  });

  it('answers field codes for a malformed body', async () => {
    const response = await server.request('acme', 'POST', '/auth/login', { body: { email: 'not-an-email', extra: 1 } });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('validation_failed');
    expect(response.body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'email', code: 'invalid_email' }),
        expect.objectContaining({ field: 'password', code: 'required' }),
        expect.objectContaining({ field: 'extra', code: 'invalid_value' }),
      ]),
    );
    const missing = await server.request('acme', 'POST', '/auth/login');
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([expect.objectContaining({ field: 'body', code: 'required' })]);
  });

  it('rotates the session: the cookie held before signing in no longer works', async () => {
    const first = await server.login('acme', userEmail('acme', 'member'));
    const response = await server.request('acme', 'POST', '/auth/login', {
      body: { email: userEmail('acme', 'member'), password: testPassword },
      session: first,
    });
    expect(response.status).toBe(200);
    const newCookie = setCookies(response.headers).find((c) => c.startsWith('portal_session='));
    expect(newCookie).toBeDefined();
    expect(newCookie).not.toContain(first.secret);
    expect((await server.request('acme', 'GET', '/me', { session: first })).status).toBe(401);
  });

  it('hands out a temporary id instead of a session when the password must change', async () => {
    const email = userEmail('globex', 'mustchange');
    const response = await server.request('globex', 'POST', '/auth/login', { body: { email, password: testPassword } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ change_password: true, csrfToken: null });
    expect(response.body.tmpid).toEqual(expect.any(String));
    expect(setCookies(response.headers).some((c) => c.startsWith('portal_session=') && !/portal_session=;/.test(c))).toBe(false);

    const weak = await server.request('globex', 'POST', '/auth/password', { body: { tmpid: response.body.tmpid, password: 'short' } });
    expect(weak.status).toBe(400);
    expect(weak.body.errors).toEqual([expect.objectContaining({ field: 'password', code: 'weak_password' })]);

    const set = await server.request('globex', 'POST', '/auth/password', { body: { tmpid: response.body.tmpid, password: 'NewPassw0rd' } });
    expect(set.status).toBe(204);
    const reused = await server.request('globex', 'POST', '/auth/password', { body: { tmpid: response.body.tmpid, password: 'OtherPassw0rd' } });
    expect(reused.status).toBe(400);
    expect(reused.body.code).toBe('token_invalid');

    const session = await server.login('globex', email, 'NewPassw0rd');
    expect((await server.request('globex', 'GET', '/me', { session })).status).toBe(200);
  });

  it('refuses updatePassword with both or neither of token and tmpid, and an unknown token', async () => {
    const neither = await server.request('acme', 'POST', '/auth/password', { body: { password: 'NewPassw0rd' } });
    expect(neither.status).toBe(400);
    expect(neither.body.errors[0]).toMatchObject({ field: 'token', code: 'required' });
    const unknown = await server.request('acme', 'POST', '/auth/password', { body: { token: 'x'.repeat(43), password: 'NewPassw0rd' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('token_invalid');
  });
});

describe('throttling', () => {
  it('checks at most the limit of 50 concurrent wrong passwords and refuses the rest with 429 and Retry-After', async () => {
    const email = userEmail('acme', 'accountadmin');
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => server.request('acme', 'POST', '/auth/login', { body: { email, password: 'Wrong-Passw0rd' } })),
    );
    const checked = responses.filter((r) => r.status === 401);
    const refused = responses.filter((r) => r.status === 429);
    expect(checked.length).toBeLessThanOrEqual(loginThrottle.maxAttempts + 1);
    expect(checked.length + refused.length).toBe(50);
    expect(refused[0]?.body.code).toBe('too_many_attempts');
    const retryAfter = Number(refused[0]?.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(loginThrottle.windowMs / 1000);
    // Even the right password is refused until the window ends.
    const right = await server.request('acme', 'POST', '/auth/login', { body: { email, password: testPassword } });
    expect(right.status).toBe(429);
    // Other accounts are not affected.
    await server.login('acme', userEmail('acme', 'guest'));
  });

  it('locks only the address that guessed: the owner signs in from another address while strangers are locked out', async () => {
    const proxied = await startTestServer({ config: { trustProxy: true } });
    try {
      const email = userEmail('acme', 'member');
      const from = (address: string, password: string) => proxied.request('acme', 'POST', '/auth/login', { body: { email, password }, headers: { 'x-forwarded-for': address } });
      for (let i = 0; i < loginThrottle.maxAttempts; i++) expect((await from('203.0.113.9', 'Wrong-Passw0rd')).status).toBe(401);
      const locked = await from('203.0.113.9', testPassword);
      expect(locked.status).toBe(429);
      expect(locked.body.code).toBe('too_many_attempts');
      expect((await from('192.0.2.10', testPassword)).status).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it('locks a client address that tries many accounts, and only that address', async () => {
    const proxied = await startTestServer({ config: { trustProxy: true } });
    try {
      const attempt = (email: string, address: string, password = 'Wrong-Passw0rd') => proxied.request('acme', 'POST', '/auth/login', { body: { email, password }, headers: { 'x-forwarded-for': address } });
      const statuses = [];
      for (let i = 0; i <= loginThrottle.clientMaxFailures; i++) statuses.push((await attempt(`someone${i}@acme.test`, '198.51.100.7')).status);
      expect(statuses.slice(0, loginThrottle.clientMaxFailures)).toEqual(Array(loginThrottle.clientMaxFailures).fill(401));
      expect(statuses.at(-1)).toBe(429);
      expect((await attempt(userEmail('acme', 'admin'), '198.51.100.7', testPassword)).status).toBe(429);
      expect((await attempt(userEmail('acme', 'admin'), '198.51.100.8', testPassword)).status).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it('slows an account guessed at from many addresses, without ever locking it', async () => {
    const tenantId = server.ids.tenants.acme;
    const email = 'spread@acme.test';
    const delays = [];
    for (let i = 0; i < loginThrottle.slowAfter + 6; i++) {
      const verdict = await server.database.withTenant(tenantId, (tx) => registerSignInAttempt(tx, tenantId, email, `203.0.113.${i}`));
      expect(verdict.allowed).toBe(true);
      delays.push(verdict.allowed ? verdict.delayMs : -1);
    }
    expect(delays).toEqual([0, 0, 0, 0, 0, 500, 1000, 2000, 4000, 8000, 8000]);
    await server.database.withTenant(tenantId, (tx) => signInSucceeded(tx, tenantId, email, '203.0.113.99'));
    const after = await server.database.withTenant(tenantId, (tx) => registerSignInAttempt(tx, tenantId, email, '203.0.113.100'));
    expect(after).toEqual({ allowed: true, delayMs: 0 });
  });

  it('resets the counter on success', async () => {
    const email = userEmail('system', 'member');
    for (let i = 0; i < loginThrottle.maxAttempts - 1; i++) {
      expect((await server.request('system', 'POST', '/auth/login', { body: { email, password: 'Wrong-Passw0rd' } })).status).toBe(401);
    }
    await server.login('system', email);
    for (let i = 0; i < loginThrottle.maxAttempts - 1; i++) {
      expect((await server.request('system', 'POST', '/auth/login', { body: { email, password: 'Wrong-Passw0rd' } })).status).toBe(401);
    }
    await server.login('system', email);
  });
});

describe('sessions', () => {
  it('answers 401 without a session and with a forged cookie', async () => {
    expect((await server.request('acme', 'GET', '/me')).body.code).toBe('unauthenticated');
    const forged = await server.request('acme', 'GET', '/me', { session: { cookie: 'portal_session=forged-value', csrfToken: 'x', secret: 'forged-value' } });
    expect(forged.status).toBe(401);
  });

  it('does not accept a session of one tenant at another tenant', async () => {
    const session = await server.login('acme', userEmail('acme', 'admin'));
    expect((await server.request('globex', 'GET', '/me', { session })).status).toBe(401);
  });

  it('refuses a cookie-authenticated write without the CSRF header, or with a wrong one', async () => {
    const session = await server.login('acme', userEmail('acme', 'member'));
    const settings = { layout: 'vertical', navbarFolded: true, colorScheme: 'dark', shortcuts: [] };
    const without = await server.request('acme', 'PUT', '/me/settings', { session, body: settings, csrf: false });
    expect(without.status).toBe(403);
    expect(without.body.code).toBe('csrf_failed');
    const wrong = await server.request('acme', 'PUT', '/me/settings', { session, body: settings, csrf: false, headers: { 'x-csrf-token': 'nope' } });
    expect(wrong.status).toBe(403);
    expect((await server.request('acme', 'PUT', '/me/settings', { session, body: settings })).status).toBe(200);
  });

  it('ends a session after the idle timeout', async () => {
    const session = await server.login('acme', userEmail('acme', 'admin'));
    expect((await server.request('acme', 'GET', '/me', { session })).status).toBe(200);
    const idle = new Date(Date.now() - server.config.sessionIdleMs - 1000);
    await server.database.withTenant(server.ids.tenants.acme, (tx) =>
      tx.update(sessions).set({ lastSeenAt: idle }).where(eq(sessions.userId, server.ids.users['admin@acme.test']!)),
    );
    outOfBandWrite();
    expect((await server.request('acme', 'GET', '/me', { session })).status).toBe(401);
  });

  it('ends a session at its absolute expiry however active it is', async () => {
    const session = await server.login('acme', userEmail('acme', 'tenantadmin'));
    await server.database.withTenant(server.ids.tenants.acme, (tx) =>
      tx.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, server.ids.users['tenantadmin@acme.test']!)),
    );
    outOfBandWrite();
    expect((await server.request('acme', 'GET', '/me', { session })).status).toBe(401);
  });

  it('logoutUser deletes the session on the server and clears both cookies', async () => {
    const session = await server.login('globex', userEmail('globex', 'admin'));
    const response = await server.request('globex', 'POST', '/auth/logout', { session });
    expect(response.status).toBe(204);
    const cleared = setCookies(response.headers);
    expect(cleared.some((c) => /^portal_session=;/.test(c))).toBe(true);
    expect(cleared.some((c) => /^portal_csrf=;/.test(c))).toBe(true);
    // Replaying the old cookie (as a stolen copy would) no longer works.
    expect((await server.request('globex', 'GET', '/me', { session })).status).toBe(401);
    expect((await server.request('globex', 'POST', '/auth/logout')).status).toBe(401);
  });

  it('applies a role change on the next request', async () => {
    const email = userEmail('globex', 'tenantadmin');
    const session = await server.login('globex', email);
    expect((await server.request('globex', 'GET', '/tenants', { session })).status).toBe(200);
    const userId = server.ids.users[email]!;
    const memberRole = server.ids.roles.globex.member!;
    await server.database.withTenant(server.ids.tenants.globex, async (tx) => {
      await tx.delete(userRoles).where(eq(userRoles.userId, userId));
      await tx.insert(userRoles).values({ tenantId: server.ids.tenants.globex, userId, roleId: memberRole });
    });
    outOfBandWrite();
    const after = await server.request('globex', 'GET', '/tenants', { session });
    expect(after.status).toBe(403);
    expect(after.body.code).toBe('forbidden');
    expect((await server.request('globex', 'GET', '/me', { session })).body.role).toBe('member');
  });

  it('drops permissions of a disabled role at once', async () => {
    const session = await server.login('system', userEmail('system', 'admin'));
    expect((await server.request('system', 'GET', '/tenants', { session })).status).toBe(200);
    await server.database.withTenant(server.ids.tenants.system, (tx) =>
      tx.update(roles).set({ status: 'disabled' }).where(eq(roles.id, server.ids.roles.system.admin!)),
    );
    outOfBandWrite();
    expect((await server.request('system', 'GET', '/tenants', { session })).status).toBe(403);
  });
});

describe('loginClient', () => {
  it('exchanges client credentials for a bearer token that acts with the client role, without CSRF', async () => {
    const response = await server.request('acme', 'POST', '/auth/client-token', {
      body: { realm: 'acme', appId: acmeClient.clientId, appSecret: acmeClient.secret },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ tokenType: 'Bearer', expiresIn: 3600 });
    const authorization = `Bearer ${response.body.accessToken}`;
    const tenants = await server.request('acme', 'GET', '/tenants', { headers: { authorization } });
    expect(tenants.status).toBe(200);
    expect(tenants.body.items.map((t: { sname: string }) => t.sname)).toEqual(['acme']);
    // A token has no user: the /me operations refuse it.
    expect((await server.request('acme', 'GET', '/me', { headers: { authorization } })).status).toBe(403);
    // Nor does it work at another tenant.
    expect((await server.request('globex', 'GET', '/tenants', { headers: { authorization } })).status).toBe(401);
    // And it is stored hashed.
    const stored = await server.database.withTenant(server.ids.tenants.acme, (tx) => tx.select({ id: sessions.id }).from(sessions).where(eq(sessions.kind, 'client')));
    expect(stored.some((row) => row.id === response.body.accessToken)).toBe(false);
  });

  it('refuses a wrong secret, an unknown client and an unknown realm', async () => {
    for (const body of [
      { realm: 'acme', appId: acmeClient.clientId, appSecret: 'wrong' },
      { realm: 'acme', appId: 'nobody', appSecret: acmeClient.secret },
      { realm: 'nowhere', appId: acmeClient.clientId, appSecret: acmeClient.secret },
    ]) {
      const response = await server.request('acme', 'POST', '/auth/client-token', { body });
      expect(response.status).toBe(401);
      expect(response.body.code).toBe('invalid_credentials');
    }
  });

  it('answers 400 with the field errors to a malformed body', async () => {
    const response = await server.request('acme', 'POST', '/auth/client-token', { body: { realm: 'acme', appId: acmeClient.clientId } });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'appSecret' })]));
  });
});
