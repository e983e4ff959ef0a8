// Accounts by email over real HTTP: sign-up → mail → create password → sign in; forgot password →
// mail → reset → sign in; refused tokens say why; tenant sign-up flags; limits; the email log.
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/kernel/config.ts';
import { accountLimits } from '../src/accounts/signup-throttle.ts';
import { buildApp } from '../src/app/app.ts';
import { actionTokens, mailOutbox, roles, tenants, userRoles, users } from '../src/kernel/db/schema.ts';
import { linkOrigin } from '../src/mail/link-origin.ts';
import { startTestServer, userEmail, type TestServer, type TestSession } from './harness.ts';

let server: TestServer;

beforeAll(async () => {
  // Proxy headers trusted, so tests can come from different client addresses.
  server = await startTestServer({ config: { trustProxy: true } });
  await server.database.withPlatform((tx) => tx.update(tenants).set({ signupNormal: false }).where(eq(tenants.sname, 'globex')));
});

afterAll(async () => {
  await server?.close();
});

async function lastMail(to: string) {
  const rows = await server.database.withPlatform((tx) =>
    tx.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to)).orderBy(desc(mailOutbox.createdAt)),
  );
  return { latest: rows[0], count: rows.length };
}

function tokenIn(text: string, path: string): string {
  const match = new RegExp(`${path.replace(/[/.?]/g, '\\$&')}\\?token=([A-Za-z0-9_-]+)`).exec(text);
  if (!match) throw new Error(`No ${path} link in:\n${text}`);
  return decodeURIComponent(match[1]!);
}

const register = (tenant: string, email: string, headers: Record<string, string> = {}, extra: Record<string, unknown> = {}) =>
  server.request(tenant, 'POST', '/auth/signup', { body: { email, firstName: 'Nora', lastName: 'Newcomer', ...extra }, headers });

describe('sign-up', () => {
  it('registers, mails a CREATE PASSWORD link, creates the password, then signs in as a member', async () => {
    const email = 'nora@newco.test';
    const created = await register('acme', email);
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ email });

    // Enabled, no password yet, the tenant's member role.
    const [user] = await server.database.withPlatform((tx) => tx.select().from(users).where(eq(users.email, email)));
    expect(user).toMatchObject({ status: 'enabled', passwordHash: null, firstName: 'Nora', lastName: 'Newcomer' });
    const granted = await server.database.withPlatform((tx) =>
      tx.select({ name: roles.name }).from(userRoles).innerJoin(roles, eq(roles.id, userRoles.roleId)).where(eq(userRoles.userId, user!.id)),
    );
    expect(granted.map((r) => r.name)).toEqual(['member']);

    const { latest: mail } = await lastMail(email);
    expect(mail).toMatchObject({ template: 'signup', status: 'queued', subject: 'Welcome to Acme Meetings: create your password' });
    expect(mail!.htmlBody).toContain('CREATE PASSWORD');
    // The tenant's primary colour brands the mail.
    expect(mail!.htmlBody).toContain('#1d4ed8');
    const token = tokenIn(mail!.textBody, '/portal/create-password');
    expect(mail!.textBody).toContain(`http://acme.portal.test:${server.port}/portal/create-password?token=`);

    // No password: signing in is refused until one is created.
    expect((await server.request('acme', 'POST', '/auth/login', { body: { email, password: 'Chosen1pass' } })).status).toBe(401);

    expect((await server.request('acme', 'POST', '/auth/enable', { body: { token, password: 'weak' } })).body.errors[0].code).toBe('weak_password');
    const enabled = await server.request('acme', 'POST', '/auth/enable', { body: { token, password: 'Chosen1pass' } });
    expect(enabled.status).toBe(204);
    const session = await server.login('acme', email, 'Chosen1pass');
    const me = await server.request('acme', 'GET', '/me', { session });
    expect(me.body).toMatchObject({ email, role: 'member' });
  });

  it("answers 409 email_registered for an address that exists ('Email already registered')", async () => {
    const response = await register('acme', userEmail('acme', 'member'));
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('email_registered');
    expect(response.body.errors).toEqual([expect.objectContaining({ field: 'email', code: 'email_registered' })]);
    // The address is compared without case or surrounding spaces.
    expect((await register('acme', 'NORA@NEWCO.TEST')).status).toBe(409);
  });

  it('is refused with 403 signup_disabled when the tenant turned normal sign-up off', async () => {
    const response = await register('globex', 'someone@else.test');
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('signup_disabled');
    const [row] = await server.database.withPlatform((tx) => tx.select().from(users).where(eq(users.email, 'someone@else.test')));
    expect(row).toBeUndefined();
  });

  it('is never offered in the platform realm by default: nobody signs themselves into the super administrator\u2019s tenant', async () => {
    const response = await register('system', 'intruder@example.test');
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('signup_disabled');
    const [row] = await server.database.withPlatform((tx) => tx.select().from(users).where(eq(users.email, 'intruder@example.test')));
    expect(row).toBeUndefined();
  });

  it('rejects invalid fields with field errors', async () => {
    const response = await server.request('acme', 'POST', '/auth/signup', { body: { email: 'not-an-email', firstName: '', lastName: 'X' } });
    expect(response.status).toBe(400);
    const codes = response.body.errors.map((e: { field: string; code: string }) => `${e.field}:${e.code}`);
    expect(codes).toEqual(expect.arrayContaining(['email:invalid_email', 'firstName:invalid_first_name']));
  });

  it('writes the mail in the language asked for: the body, else Accept-Language, else English', async () => {
    await register('acme', 'francois@newco.test', { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.5' });
    const fr = (await lastMail('francois@newco.test')).latest!;
    expect(fr.subject).toBe('Bienvenue sur Acme Meetings : créez votre mot de passe');
    expect(fr.htmlBody).toContain('lang="fr" dir="ltr"');

    await register('acme', 'amal@newco.test', { 'accept-language': 'fr' }, { language: 'ar' });
    const ar = (await lastMail('amal@newco.test')).latest!;
    expect(ar.htmlBody).toContain('dir="rtl"');
    expect(ar.subject).toContain('Acme Meetings');

    await register('acme', 'otabek@newco.test', { 'accept-language': 'uz' });
    expect((await lastMail('otabek@newco.test')).latest!.subject).toBe('Acme Meetings platformasiga xush kelibsiz: parol yarating');

    await register('acme', 'hans@newco.test', { 'accept-language': 'de-DE' });
    expect((await lastMail('hans@newco.test')).latest!.subject).toBe('Welcome to Acme Meetings: create your password');
  });
});

describe('refused tokens', () => {
  it('tells an unknown, a used and an expired sign-up link apart', async () => {
    const unknown = await server.request('acme', 'POST', '/auth/enable', { body: { token: 'x'.repeat(43), password: 'Chosen1pass' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('token_invalid');

    await register('acme', 'twice@newco.test');
    const token = tokenIn((await lastMail('twice@newco.test')).latest!.textBody, '/portal/create-password');
    expect((await server.request('acme', 'POST', '/auth/enable', { body: { token, password: 'Chosen1pass' } })).status).toBe(204);
    const reused = await server.request('acme', 'POST', '/auth/enable', { body: { token, password: 'Other1pass' } });
    expect(reused.status).toBe(400);
    expect(reused.body.code).toBe('token_used');
    // The first password still holds.
    await server.login('acme', 'twice@newco.test', 'Chosen1pass');

    await register('acme', 'late@newco.test');
    const lateToken = tokenIn((await lastMail('late@newco.test')).latest!.textBody, '/portal/create-password');
    const lateUser = await server.database.withPlatform((tx) => tx.select({ id: users.id }).from(users).where(eq(users.email, 'late@newco.test')));
    await server.database.withPlatform((tx) =>
      tx.update(actionTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(actionTokens.userId, lateUser[0]!.id)),
    );
    const expired = await server.request('acme', 'POST', '/auth/enable', { body: { token: lateToken, password: 'Chosen1pass' } });
    expect(expired.status).toBe(400);
    expect(expired.body.code).toBe('token_expired');
  });

  it('does not accept a sign-up token of another tenant', async () => {
    await register('acme', 'crossing@newco.test');
    const token = tokenIn((await lastMail('crossing@newco.test')).latest!.textBody, '/portal/create-password');
    const response = await server.request('system', 'POST', '/auth/enable', { body: { token, password: 'Chosen1pass' } });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('token_invalid');
  });
});

describe('resend from the Thank-you page', () => {
  it('answers 202 for any address but mails only an account still waiting for its password', async () => {
    const unknown = await server.request('acme', 'POST', '/auth/signup/resend', { body: { email: 'nobody@newco.test' } });
    expect(unknown.status).toBe(202);
    expect((await lastMail('nobody@newco.test')).count).toBe(0);

    // An ordinary seeded user (not signed up, has a password) gets nothing either.
    expect((await server.request('acme', 'POST', '/auth/signup/resend', { body: { email: userEmail('acme', 'member') } })).status).toBe(202);
    expect((await lastMail(userEmail('acme', 'member'))).count).toBe(0);

    await register('acme', 'again@newco.test');
    const first = tokenIn((await lastMail('again@newco.test')).latest!.textBody, '/portal/create-password');
    expect((await server.request('acme', 'POST', '/auth/signup/resend', { body: { email: 'again@newco.test' } })).status).toBe(202);
    const { latest, count } = await lastMail('again@newco.test');
    expect(count).toBe(2);
    const second = tokenIn(latest!.textBody, '/portal/create-password');
    expect(second).not.toBe(first);
    // The new mail replaces the old link.
    expect((await server.request('acme', 'POST', '/auth/enable', { body: { token: first, password: 'Chosen1pass' } })).body.code).toBe('token_used');
    expect((await server.request('acme', 'POST', '/auth/enable', { body: { token: second, password: 'Chosen1pass' } })).status).toBe(204);

    // Activated: no more sign-up mails.
    await server.request('acme', 'POST', '/auth/signup/resend', { body: { email: 'again@newco.test' } });
    expect((await lastMail('again@newco.test')).count).toBe(2);
  });
});

describe('forgot password', () => {
  it('answers 202 for any address, mails a reset link to an enabled account, and the link sets a new password once', async () => {
    const unknown = await server.request('acme', 'POST', '/auth/password-reset', { body: { email: 'ghost@newco.test' } });
    expect(unknown.status).toBe(202);
    expect((await lastMail('ghost@newco.test')).count).toBe(0);

    const disabled = userEmail('acme', 'disabled');
    expect((await server.request('acme', 'POST', '/auth/password-reset', { body: { email: disabled } })).status).toBe(202);
    expect((await lastMail(disabled)).count).toBe(0);

    const email = userEmail('acme', 'guest');
    const asked = await server.request('acme', 'POST', '/auth/password-reset', { body: { email: email.toUpperCase() } });
    expect(asked.status).toBe(202);
    const mail = (await lastMail(email)).latest!;
    expect(mail).toMatchObject({ template: 'reset_password', subject: 'Reset your Acme Meetings password' });
    expect(mail.textBody).toContain('expires in 1 hour.');
    const token = tokenIn(mail.textBody, '/portal/auth/reset-password');

    expect((await server.request('acme', 'POST', '/auth/password', { body: { token, password: 'Renewed1pass' } })).status).toBe(204);
    await server.login('acme', email, 'Renewed1pass');
    expect((await server.request('acme', 'POST', '/auth/login', { body: { email, password: 'Passw0rd!' } })).status).toBe(401);

    const reused = await server.request('acme', 'POST', '/auth/password', { body: { token, password: 'Another1pass' } });
    expect(reused.status).toBe(400);
    expect(reused.body.code).toBe('token_used');
  });

  it('refuses an expired reset link with token_expired', async () => {
    const email = userEmail('acme', 'accountadmin');
    await server.request('acme', 'POST', '/auth/password-reset', { body: { email } });
    const token = tokenIn((await lastMail(email)).latest!.textBody, '/portal/auth/reset-password');
    await server.database.withPlatform((tx) =>
      tx
        .update(actionTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(and(eq(actionTokens.userId, server.ids.users[email]!), eq(actionTokens.purpose, 'reset_password'))),
    );
    const response = await server.request('acme', 'POST', '/auth/password', { body: { token, password: 'Renewed1pass' } });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('token_expired');
  });

  it(`sends at most ${accountLimits.mailsPerRecipient} account mails per address and hour, still answering 202`, async () => {
    const email = userEmail('acme', 'tenantadmin');
    for (let i = 0; i < accountLimits.mailsPerRecipient + 2; i++) {
      const fromAnywhere = { 'x-forwarded-for': `203.0.113.${i}` };
      expect((await server.request('acme', 'POST', '/auth/password-reset', { body: { email }, headers: fromAnywhere })).status).toBe(202);
    }
    expect((await lastMail(email)).count).toBe(accountLimits.mailsPerRecipient);
  });
});

describe('mail limits under concurrency', () => {
  it('sends no more account mails than the limit even when the requests arrive at once', async () => {
    const email = userEmail('globex', 'accountadmin');
    const answers = await Promise.all(
      Array.from({ length: accountLimits.mailsPerRecipient + 5 }, (_, i) =>
        server.request('globex', 'POST', '/auth/password-reset', { body: { email }, headers: { 'x-forwarded-for': `198.51.100.${i}` } }),
      ),
    );
    expect(answers.every((a) => a.status === 202 || a.status === 429)).toBe(true);
    expect((await lastMail(email)).count).toBeLessThanOrEqual(accountLimits.mailsPerRecipient);
  });
});

describe('a sign-up link after the password was set another way', () => {
  it('cannot overwrite the password chosen through forgot-password', async () => {
    const email = 'late.link@newco.test';
    const client = { 'x-forwarded-for': '192.0.2.77' };
    expect((await register('acme', email, client)).status).toBe(201);
    const signupToken = tokenIn((await lastMail(email)).latest!.textBody, '/portal/create-password');
    expect((await server.request('acme', 'POST', '/auth/password-reset', { body: { email }, headers: client })).status).toBe(202);
    const resetToken = tokenIn((await lastMail(email)).latest!.textBody, '/portal/auth/reset-password');
    expect((await server.request('acme', 'POST', '/auth/password', { body: { token: resetToken, password: 'Chosen1pass' } })).status).toBe(204);
    const late = await server.request('acme', 'POST', '/auth/enable', { body: { token: signupToken, password: 'Hijack1pass' } });
    expect(late.status).toBe(400);
    expect(late.body.code).toBe('token_used');
    await server.login('acme', email, 'Chosen1pass');
  });
});

describe('limits per client address', () => {
  it('answers 429 rate_limited with Retry-After once an address made too many sign-ups', async () => {
    // A server of its own, since the limit counts every attempt of this address, the other tests' too.
    const own = await startTestServer();
    try {
      const statuses: number[] = [];
      let last: Awaited<ReturnType<typeof own.request>> | undefined;
      for (let i = 0; i <= accountLimits.signupsPerAddress; i++) {
        last = await own.request('acme', 'POST', '/auth/signup', { body: { email: `flood${i}@newco.test`, firstName: 'Flo', lastName: 'Od' } });
        statuses.push(last.status);
      }
      expect(statuses.slice(0, accountLimits.signupsPerAddress)).toEqual(Array(accountLimits.signupsPerAddress).fill(201));
      expect(last?.status).toBe(429);
      expect(last?.body.code).toBe('rate_limited');
      expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await own.close();
    }
  });
});

describe('limits per client address across replicas', () => {
  it('counts the sign-ups of one address on every server replica sharing the database', async () => {
    // A second replica: another app on the same database, which counts nothing in its own memory.
    const replica = await buildApp({ config: server.config, database: server.database });
    try {
      const address = '198.51.100.23';
      const half = accountLimits.signupsPerAddress / 2;
      const viaReplica = (i: number) =>
        replica.inject({
          method: 'POST',
          url: '/api/v1/auth/signup',
          headers: { host: `acme.portal.test:${server.port}`, 'x-forwarded-for': address, 'content-type': 'application/json' },
          payload: { email: `replica${i}@newco.test`, firstName: 'Rep', lastName: 'Lica' },
        });
      const viaServer = (i: number) =>
        server.request('acme', 'POST', '/auth/signup', { headers: { 'x-forwarded-for': address }, body: { email: `shared${i}@newco.test`, firstName: 'Sha', lastName: 'Red' } });
      for (let i = 0; i < half; i++) expect((await viaServer(i)).status).toBe(201);
      for (let i = 0; i < half; i++) expect((await viaReplica(i)).statusCode).toBe(201);
      const refused = await viaReplica(half);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('rate_limited');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await viaServer(half)).status).toBe(429);
      // Another address is not held back.
      expect((await server.request('acme', 'POST', '/auth/signup', { headers: { 'x-forwarded-for': '198.51.100.24' }, body: { email: 'other-address@newco.test', firstName: 'Ot', lastName: 'Her' } })).status).toBe(201);
    } finally {
      await replica.close();
    }
  });
});

describe('email log', () => {
  it("shows a tenant administrator its own tenant's mails only, newest first, with status and template", async () => {
    await server.request('globex', 'POST', '/auth/password-reset', { body: { email: userEmail('globex', 'guest') } });
    const admin = await server.login('acme', userEmail('acme', 'admin'));
    const page = await server.request('acme', 'GET', '/email-log?limit=100', { session: admin });
    expect(page.status).toBe(200);
    const addresses = page.body.items.map((item: { to: string }) => item.to);
    expect(addresses).toContain('nora@newco.test');
    expect(addresses).not.toContain(userEmail('globex', 'guest'));
    expect(page.body.items[0]).toMatchObject({ status: 'queued', attempts: 0, sentAt: null, lastError: null });
    const created = page.body.items.map((item: { createdAt: string }) => item.createdAt);
    expect([...created].sort().reverse()).toEqual(created);

    const globexAdmin = await server.login('globex', userEmail('globex', 'admin'));
    const globexPage = await server.request('globex', 'GET', '/email-log', { session: globexAdmin });
    const globexAddresses = globexPage.body.items.map((item: { to: string }) => item.to);
    expect(globexAddresses).toContain(userEmail('globex', 'guest'));
    expect(globexAddresses).not.toContain('nora@newco.test');
    expect(globexAddresses.every((to: string) => !to.endsWith('@acme.test'))).toBe(true);
  });

  it('pages with a cursor, filters by status and searches the address', async () => {
    const admin = await server.login('acme', userEmail('acme', 'admin'));
    const all = await server.request('acme', 'GET', '/email-log?limit=100', { session: admin });
    const first = await server.request('acme', 'GET', '/email-log?limit=3', { session: admin });
    expect(first.body.items).toHaveLength(3);
    const second = await server.request('acme', 'GET', `/email-log?limit=3&cursor=${first.body.nextCursor}`, { session: admin });
    expect([...first.body.items, ...second.body.items].map((i: { id: string }) => i.id)).toEqual(
      all.body.items.slice(0, 6).map((i: { id: string }) => i.id),
    );

    const found = await server.request('acme', 'GET', '/email-log?q=NORA@', { session: admin });
    expect(found.body.items.map((i: { to: string }) => i.to)).toEqual(['nora@newco.test']);
    const sent = await server.request('acme', 'GET', '/email-log?status=sent', { session: admin });
    expect(sent.body.items).toEqual([]);
    const bad = await server.request('acme', 'GET', '/email-log?cursor=bogus', { session: admin });
    expect(bad.status).toBe(400);
  });

  it('walks mails apart by microseconds, one page at a time, without skipping any', async () => {
    const globex = server.ids.tenants.globex;
    const stamps = ['2020-01-01T00:00:00.123456Z', '2020-01-01T00:00:00.123400Z', '2020-01-01T00:00:00.123300Z'];
    await server.database.withTenant(globex, (tx) =>
      tx.insert(mailOutbox).values(stamps.map((at, i) => ({ tenantId: globex, toAddress: `micro${i}@newco.test`, subject: 's', textBody: 't', createdAt: new Date(at) }))),
    );
    // Dates keep milliseconds only: write the microseconds in SQL.
    for (const [i, at] of stamps.entries()) {
      await server.database.withTenant(globex, (tx) => tx.update(mailOutbox).set({ createdAt: sql`${at}::timestamptz` }).where(eq(mailOutbox.toAddress, `micro${i}@newco.test`)));
    }
    const admin = await server.login('globex', userEmail('globex', 'admin'));
    const seen: string[] = [];
    let cursor = '';
    do {
      const page = await server.request('globex', 'GET', `/email-log?limit=1&q=micro${cursor ? `&cursor=${cursor}` : ''}`, { session: admin });
      seen.push(...page.body.items.map((i: { to: string }) => i.to));
      cursor = page.body.nextCursor ?? '';
    } while (cursor);
    expect(seen).toEqual(['micro0@newco.test', 'micro1@newco.test', 'micro2@newco.test']);
  });

  it('is for administrators only', async () => {
    const member = await server.login('acme', userEmail('acme', 'member'));
    expect((await server.request('acme', 'GET', '/email-log', { session: member })).status).toBe(403);
    expect((await server.request('acme', 'GET', '/email-log')).status).toBe(401);
  });
});

describe('links in mails', () => {
  it('follow PUBLIC_URL when set, with the tenant as a subdomain, else the request origin', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://portal.example.com/' }).publicUrl).toBe('https://portal.example.com');
    expect(() => loadConfig({ PUBLIC_URL: 'portal.example.com' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ PUBLIC_URL: 'https://portal.example.com/app' })).toThrow(/PUBLIC_URL/);
    expect(linkOrigin('https://portal.example.com', 'http://evil.test', 'acme')).toBe('https://acme.portal.example.com');
    expect(linkOrigin('https://portal.example.com', 'http://evil.test', 'system')).toBe('https://portal.example.com');
    expect(linkOrigin(null, 'http://acme.localhost:3000', 'acme')).toBe('http://acme.localhost:3000');
  });
});

describe('a new password ends the other sessions', () => {
  const me = (tenant: string, session: TestSession) => server.request(tenant, 'GET', '/me', { session });

  it('signs out every session of the account when the password is reset through the mailed link', async () => {
    const email = userEmail('globex', 'member');
    const laptop = await server.login('globex', email);
    const phone = await server.login('globex', email);
    expect((await me('globex', laptop)).status).toBe(200);

    expect((await server.request('globex', 'POST', '/auth/password-reset', { body: { email } })).status).toBe(202);
    const token = tokenIn((await lastMail(email)).latest!.textBody, '/portal/auth/reset-password');
    expect((await server.request('globex', 'POST', '/auth/password', { body: { token, password: 'Renewed1pass' } })).status).toBe(204);

    // Whoever knew the old password may hold one of these: none keeps working.
    expect((await me('globex', laptop)).status).toBe(401);
    expect((await me('globex', phone)).status).toBe(401);
    expect((await me('globex', await server.login('globex', email, 'Renewed1pass'))).status).toBe(200);
  });

  it('signs out every session of the account when the password is changed with the sign-in tmpid', async () => {
    const email = userEmail('globex', 'mustchange');
    const id = server.ids.users[email]!;
    const setMustChange = (value: boolean) =>
      server.database.withPlatform((tx) => tx.update(users).set({ changePasswordOnSignIn: value }).where(eq(users.id, id)));
    // A session from before an administrator asked for a new password.
    await setMustChange(false);
    const earlier = await server.login('globex', email);
    await setMustChange(true);

    const signIn = await server.request('globex', 'POST', '/auth/login', { body: { email, password: 'Passw0rd!' } });
    expect(signIn.body).toMatchObject({ change_password: true, csrfToken: null });
    const { tmpid } = signIn.body as { tmpid: string };
    expect((await server.request('globex', 'POST', '/auth/password', { body: { tmpid, password: 'Renewed1pass' } })).status).toBe(204);

    expect((await me('globex', earlier)).status).toBe(401);
    expect((await me('globex', await server.login('globex', email, 'Renewed1pass'))).status).toBe(200);
  });
});
