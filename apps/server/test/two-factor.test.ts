import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginThrottle } from '../src/kernel/throttle/password-guesses.ts';
import { base32Decode, hotp, totpStep } from '../src/auth/two-factor/totp.ts';
import { users } from '../src/kernel/db/schema.ts';
import { startTestServer, testPassword, userEmail, type TestServer, type TestSession } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const codeAt = (secret: string, step: number) => hotp(base32Decode(secret), step);
const hasSessionCookie = (headers: Record<string, unknown>) =>
  ((headers['set-cookie'] as string[] | undefined) ?? []).some((cookie) => cookie.startsWith('portal_session=') && !cookie.startsWith('portal_session=;'));

/**
 * Turns two-factor on for `email` and answers its secret, the step its first code used and the
 * recovery codes. Tests then use `step + 1` (accepted within the one-step skew) for the next code,
 * so nothing has to wait 30 seconds for a fresh code.
 */
async function enableFor(tenant: string, email: string) {
  const session = await server.login(tenant, email);
  const setup = await server.request(tenant, 'POST', '/me/two-factor/setup', { session, body: { password: testPassword } });
  expect(setup.status).toBe(200);
  const step = totpStep(Date.now());
  const enabled = await server.request(tenant, 'POST', '/me/two-factor/enable', { session, body: { code: codeAt(setup.body.secret, step) } });
  expect(enabled.status).toBe(200);
  return { session, secret: setup.body.secret as string, step, recoveryCodes: enabled.body.recoveryCodes as string[] };
}

async function passwordStep(tenant: string, email: string): Promise<string> {
  const response = await server.request(tenant, 'POST', '/auth/login', { body: { email, password: testPassword } });
  expect(response.status).toBe(200);
  expect(response.body).toMatchObject({ two_factor: true, change_password: false, csrfToken: null });
  expect(hasSessionCookie(response.headers)).toBe(false);
  return response.body.tmpid as string;
}

describe('get2FA', () => {
  it('needs a session', async () => {
    const response = await server.request('acme', 'POST', '/me/two-factor/setup', { body: { password: testPassword } });
    expect(response.status).toBe(401);
  });

  it('refuses a wrong password with password_incorrect', async () => {
    const session = await server.login('acme', userEmail('acme', 'guest'));
    const response = await server.request('acme', 'POST', '/me/two-factor/setup', { session, body: { password: 'Wrong-Passw0rd' } });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('password_incorrect');
    expect(response.body.errors).toEqual([expect.objectContaining({ field: 'password', code: 'password_incorrect' })]);
  });

  it('answers a 160-bit base32 secret, its otpauth URI and an SVG QR code, and keeps the secret sealed', async () => {
    const email = userEmail('acme', 'guest');
    const session = await server.login('acme', email);
    const response = await server.request('acme', 'POST', '/me/two-factor/setup', { session, body: { password: testPassword } });
    expect(response.status).toBe(200);
    expect(response.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(response.body.secret)).toHaveLength(20);
    expect(response.body.otpauthUrl).toContain(`secret=${response.body.secret}`);
    expect(response.body.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Acme%20Corporation%3Aguest%40acme\.test\?/);
    expect(response.body.qrDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(response.body.qrDataUrl.split(',')[1], 'base64').toString()).toContain('<svg');
    const [row] = await server.database.withTenant(server.ids.tenants.acme, (tx) =>
      tx.select({ secret: users.totpSecret, enabledAt: users.totpEnabledAt }).from(users).where(eq(users.id, server.ids.users[email]!)),
    );
    expect(row?.secret).toBeTruthy();
    expect(row?.secret).not.toContain(response.body.secret);
    expect(row?.enabledAt).toBeNull();
    // Pending setup is not "on": sign-in still needs only the password.
    const login = await server.request('acme', 'POST', '/auth/login', { body: { email, password: testPassword } });
    expect(login.body.two_factor).toBe(false);
    expect(hasSessionCookie(login.headers)).toBe(true);
  });
});

describe('enable2FA', () => {
  it('refuses to start without get2FA first', async () => {
    const session = await server.login('globex', userEmail('globex', 'member'));
    const response = await server.request('globex', 'POST', '/me/two-factor/enable', { session, body: { code: '123456' } });
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('two_factor_not_started');
  });

  it('refuses a wrong or malformed code, then turns two-factor on with the right one', async () => {
    const session = await server.login('globex', userEmail('globex', 'admin'));
    const setup = await server.request('globex', 'POST', '/me/two-factor/setup', { session, body: { password: testPassword } });
    const step = totpStep(Date.now());
    const wrong = codeAt(setup.body.secret, step + 5);
    const refused = await server.request('globex', 'POST', '/me/two-factor/enable', { session, body: { code: wrong } });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('code_invalid');
    const malformed = await server.request('globex', 'POST', '/me/two-factor/enable', { session, body: { code: '12ab' } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors).toEqual([expect.objectContaining({ field: 'code', code: 'invalid_code' })]);
    const before = await server.request('globex', 'GET', '/me/two-factor', { session });
    expect(before.body).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });

    const enabled = await server.request('globex', 'POST', '/me/two-factor/enable', { session, body: { code: codeAt(setup.body.secret, step) } });
    expect(enabled.status).toBe(200);
    expect(enabled.body.recoveryCodes).toHaveLength(10);
    const status = await server.request('globex', 'GET', '/me/two-factor', { session });
    expect(status.body).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    const again = await server.request('globex', 'POST', '/me/two-factor/setup', { session, body: { password: testPassword } });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('two_factor_enabled');
  });
});

describe('login2FA', () => {
  let secret: string;
  let step: number;
  let recoveryCodes: string[];
  const email = userEmail('acme', 'member');
  beforeAll(async () => {
    ({ secret, step, recoveryCodes } = await enableFor('acme', email));
  });

  it('signs in only with the code, then refuses the same code again', async () => {
    const tmpid = await passwordStep('acme', email);
    const wrong = await server.request('acme', 'POST', '/auth/login/two-factor', { body: { tmpid, code: codeAt(secret, step + 7) } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('code_invalid');
    expect(hasSessionCookie(wrong.headers)).toBe(false);
    // The same tmpid still works after a typo.
    const code = codeAt(secret, step + 1);
    const signedIn = await server.request('acme', 'POST', '/auth/login/two-factor', { body: { tmpid, code } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({ email, two_factor: false, change_password: false, tmpid: null });
    expect(hasSessionCookie(signedIn.headers)).toBe(true);
    const cookies = (signedIn.headers['set-cookie'] as string[]).map((c) => c.split(';')[0]).join('; ');
    const me = await server.request('acme', 'GET', '/me', { headers: { cookie: cookies } });
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(email);

    // The tmpid is spent, and a new sign-in cannot reuse the code.
    const reused = await server.request('acme', 'POST', '/auth/login/two-factor', { body: { tmpid, code } });
    expect(reused.status).toBe(400);
    expect(reused.body.code).toBe('token_invalid');
    const replay = await server.request('acme', 'POST', '/auth/login/two-factor', { body: { tmpid: await passwordStep('acme', email), code } });
    expect(replay.status).toBe(400);
    expect(replay.body.code).toBe('code_invalid');
    // An older code than the last accepted one is refused too.
    const older = await server.request('acme', 'POST', '/auth/login/two-factor', { body: { tmpid: await passwordStep('acme', email), code: codeAt(secret, step) } });
    expect(older.status).toBe(400);
  });

  it('accepts each recovery code once', async () => {
    const [recovery] = recoveryCodes;
    const first = await server.request('acme', 'POST', '/auth/login/two-factor', {
      body: { tmpid: await passwordStep('acme', email), recoveryCode: recovery!.toUpperCase().replace('-', ' ') },
    });
    expect(first.status).toBe(200);
    expect(hasSessionCookie(first.headers)).toBe(true);
    const second = await server.request('acme', 'POST', '/auth/login/two-factor', { body: { tmpid: await passwordStep('acme', email), recoveryCode: recovery } });
    expect(second.status).toBe(400);
    expect(second.body.code).toBe('code_invalid');
    const session = await (async (): Promise<TestSession> => {
      const cookies = Object.fromEntries((first.headers['set-cookie'] as string[]).map((c) => c.split(';')[0]!.split('=') as [string, string]));
      return { cookie: `portal_session=${cookies.portal_session}; portal_csrf=${cookies.portal_csrf}`, csrfToken: cookies.portal_csrf!, secret: cookies.portal_session! };
    })();
    const status = await server.request('acme', 'GET', '/me/two-factor', { session });
    expect(status.body.recoveryCodesLeft).toBe(9);
  });

  it('needs exactly one of code and recoveryCode', async () => {
    const tmpid = await passwordStep('acme', email);
    const neither = await server.request('acme', 'POST', '/auth/login/two-factor', { body: { tmpid } });
    expect(neither.status).toBe(400);
    expect(neither.body.code).toBe('validation_failed');
  });

  it('refuses a tmpid at another tenant', async () => {
    const tmpid = await passwordStep('acme', email);
    const response = await server.request('globex', 'POST', '/auth/login/two-factor', { body: { tmpid, code: codeAt(secret, totpStep(Date.now())) } });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('token_invalid');
  });
});

describe('login2FA under pressure', () => {
  it('lets only one of two concurrent requests with the same code through', async () => {
    const email = userEmail('acme', 'tenantadmin');
    const { secret, step } = await enableFor('acme', email);
    const code = codeAt(secret, step + 1);
    const [a, b] = await Promise.all([
      server.request('acme', 'POST', '/auth/login/two-factor', { body: { tmpid: await passwordStep('acme', email), code } }),
      server.request('acme', 'POST', '/auth/login/two-factor', { body: { tmpid: await passwordStep('acme', email), code } }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 400]);
  });

  it(`locks the account's codes after ${loginThrottle.maxAttempts} wrong ones, even for the right code`, async () => {
    const email = userEmail('acme', 'accountadmin');
    const { secret, step } = await enableFor('acme', email);
    const tmpid = await passwordStep('acme', email);
    for (let attempt = 0; attempt < loginThrottle.maxAttempts; attempt++) {
      const wrong = await server.request('acme', 'POST', '/auth/login/two-factor', { body: { tmpid, code: codeAt(secret, step + 10 + attempt) } });
      expect(wrong.status).toBe(400);
    }
    const locked = await server.request('acme', 'POST', '/auth/login/two-factor', { body: { tmpid, code: codeAt(secret, step + 1) } });
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('too_many_attempts');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // A right password does not lift the lock on codes.
    const again = await server.request('acme', 'POST', '/auth/login/two-factor', { body: { tmpid: await passwordStep('acme', email), code: codeAt(secret, step + 1) } });
    expect(again.status).toBe(429);
  });
});

describe('disable2FA', () => {
  it('needs the password and a fresh code, then sign-in needs the password only', async () => {
    const email = userEmail('globex', 'tenantadmin');
    const { session, secret, step } = await enableFor('globex', email);
    const code = codeAt(secret, step + 1);
    const wrongPassword = await server.request('globex', 'POST', '/me/two-factor/disable', { session, body: { password: 'Wrong-Passw0rd', code } });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.code).toBe('password_incorrect');
    const wrongCode = await server.request('globex', 'POST', '/me/two-factor/disable', { session, body: { password: testPassword, code: codeAt(secret, step + 9) } });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body.code).toBe('code_invalid');
    const replayed = await server.request('globex', 'POST', '/me/two-factor/disable', { session, body: { password: testPassword, code: codeAt(secret, step) } });
    expect(replayed.status).toBe(400);
    const disabled = await server.request('globex', 'POST', '/me/two-factor/disable', { session, body: { password: testPassword, code } });
    expect(disabled.status).toBe(204);
    expect((await server.request('globex', 'GET', '/me/two-factor', { session })).body).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });
    const login = await server.request('globex', 'POST', '/auth/login', { body: { email, password: testPassword } });
    expect(login.body.two_factor).toBe(false);
    expect(hasSessionCookie(login.headers)).toBe(true);
    const twice = await server.request('globex', 'POST', '/me/two-factor/disable', { session, body: { password: testPassword, code } });
    expect(twice.status).toBe(409);
  });
});
