// The profile operations over real HTTP: reading and editing one's own profile, the email change
// with its confirmation link, the password change, and the profile picture.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/kernel/crypto/passwords.ts';
import { mailOutbox, sessions, userRoles, users } from '../src/kernel/db/schema.ts';
import { startTestServer, testPassword, userEmail, type TestServer, type TestSession } from './harness.ts';
import { jpeg, png } from './image-bytes.ts';

let server: TestServer;
let member: TestSession;
let seq = 0;


/** A fresh member of `tenant`, signed in: tests that change an account do not disturb the others. */
async function freshMember(tenant: 'acme' | 'globex' = 'acme', extra: Partial<typeof users.$inferInsert> = {}) {
  seq += 1;
  const email = `profile${seq}@${tenant}.test`;
  const tenantId = server.ids.tenants[tenant];
  const passwordHash = await hashPassword(testPassword);
  const id = await server.database.withTenant(tenantId, async (tx) => {
    const [row] = await tx.insert(users).values({ tenantId, email, firstName: 'Paula', lastName: 'Profile', passwordHash, ...extra }).returning({ id: users.id });
    await tx.insert(userRoles).values({ tenantId, userId: row!.id, roleId: server.ids.roles[tenant].member! });
    return row!.id;
  });
  return { id, email, session: await server.login(tenant, email) };
}

async function userRow(id: string, tenant: 'acme' | 'globex' = 'acme') {
  const [row] = await server.database.withTenant(server.ids.tenants[tenant], (tx) => tx.select().from(users).where(eq(users.id, id)));
  return row!;
}

beforeAll(async () => {
  server = await startTestServer();
  member = await server.login('acme', userEmail('acme', 'member'));
});

afterAll(async () => {
  await server?.close();
});

describe('getProfile', () => {
  it("answers the caller's own profile", async () => {
    const res = await server.request('acme', 'GET', '/me/profile', { session: member });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: 'member@acme.test', firstName: 'Member', lastName: 'Acme', pendingEmail: null, language: null, photoUrl: null });
  });

  it('needs a session', async () => {
    expect((await server.request('acme', 'GET', '/me/profile')).status).toBe(401);
  });

  it('is refused to a session of another tenant', async () => {
    expect((await server.request('globex', 'GET', '/me/profile', { session: member })).status).toBe(401);
  });
});

describe('updateProfile', () => {
  it('saves every field and shows them in getCurrentUser', async () => {
    const me = await freshMember();
    const patch = {
      firstName: 'Émilie',
      lastName: "O'Neil",
      displayName: '  Emmy  ',
      organisation: 'ACME-42',
      organisationName: 'Acme Research',
      accountType: 'business',
      language: 'fr',
      timeZone: 'Asia/Tashkent',
      dateFormat: 'YYYY-MM-DD',
      timeFormat: 'h:mm A',
    };
    const res = await server.request('acme', 'PATCH', '/me/profile', { session: me.session, body: patch });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...patch, displayName: 'Emmy' });
    expect(await userRow(me.id)).toMatchObject({ displayName: 'Emmy', language: 'fr', timeZone: 'Asia/Tashkent', accountType: 'business' });
    const current = await server.request('acme', 'GET', '/me', { session: me.session });
    expect(current.body).toMatchObject({ displayName: 'Emmy', language: 'fr', timeZone: 'Asia/Tashkent', dateFormat: 'YYYY-MM-DD', timeFormat: 'h:mm A' });
  });

  it('clears optional fields with null or an empty text, and the display name falls back to the name', async () => {
    const me = await freshMember('acme', { displayName: 'Old', language: 'ar', organisation: 'X' });
    const res = await server.request('acme', 'PATCH', '/me/profile', { session: me.session, body: { displayName: ' ', language: null, organisation: null } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ displayName: null, language: null, organisation: null });
    expect((await server.request('acme', 'GET', '/me', { session: me.session })).body.displayName).toBe('Paula Profile');
  });

  it.each([
    [{ language: 'de' }, 'language'],
    [{ timeZone: 'Mars/Olympus' }, 'timeZone'],
    [{ dateFormat: 'YY/M/D' }, 'dateFormat'],
    [{ timeFormat: '24' }, 'timeFormat'],
    [{ firstName: '' }, 'firstName'],
    [{ accountType: 'team' }, 'accountType'],
    [{ email: 'x@acme.test' }, 'email'],
  ])('refuses %j with a field error on %s', async (body, field) => {
    const res = await server.request('acme', 'PATCH', '/me/profile', { session: member, body });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
    expect(res.body.errors.map((e: { field: string }) => e.field).join(' ')).toContain(field);
  });

  it('names the time zone error', async () => {
    const res = await server.request('acme', 'PATCH', '/me/profile', { session: member, body: { timeZone: 'Mars/Olympus' } });
    expect(res.body.errors).toEqual([expect.objectContaining({ field: 'timeZone', code: 'invalid_time_zone' })]);
  });

  it('needs the CSRF token', async () => {
    const res = await server.request('acme', 'PATCH', '/me/profile', { session: member, csrf: false, body: { displayName: 'X' } });
    expect(res.status).toBe(403);
  });
});

async function outboxFor(address: string, tenant: 'acme' | 'globex' = 'acme') {
  return server.database.withTenant(server.ids.tenants[tenant], (tx) => tx.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address)));
}

const tokenOf = (text: string) => /confirmEmail=([A-Za-z0-9_-]+)/.exec(text)?.[1];

describe('changeEmail and confirmEmail', () => {
  it('mails a link to the new address, and the link moves the login email', async () => {
    const me = await freshMember('acme', { language: 'fr' });
    const res = await server.request('acme', 'POST', '/me/profile/email', { session: me.session, body: { newEmail: 'New.Address@Acme.test', currentPassword: testPassword } });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ email: me.email, pendingEmail: 'new.address@acme.test' });
    // Nothing changes before the link is followed.
    expect((await userRow(me.id)).email).toBe(me.email);

    const [mail] = await outboxFor('new.address@acme.test');
    expect(mail).toBeDefined();
    expect(mail!.template).toBe('confirm_email');
    expect(mail!.textBody).toContain(`http://acme.portal.test:${server.port}/portal/profile?confirmEmail=`);
    const token = tokenOf(mail!.textBody);
    expect(token).toBeDefined();

    const confirmed = await server.request('acme', 'POST', '/me/profile/email/confirm', { session: me.session, body: { token } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ email: 'new.address@acme.test', pendingEmail: null });
    // The new address signs in; the old one no longer does.
    await server.login('acme', 'new.address@acme.test');
    const old = await server.request('acme', 'POST', '/auth/login', { body: { email: me.email, password: testPassword } });
    expect(old.status).toBe(401);
    // The link works once.
    const again = await server.request('acme', 'POST', '/me/profile/email/confirm', { session: me.session, body: { token } });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('token_used');
  });

  it('refuses a wrong current password without queuing a mail', async () => {
    const me = await freshMember();
    const res = await server.request('acme', 'POST', '/me/profile/email', { session: me.session, body: { newEmail: 'nope@acme.test', currentPassword: 'Wrong-pass1' } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('password_incorrect');
    expect(res.body.errors[0]).toMatchObject({ field: 'currentPassword', code: 'password_incorrect' });
    expect(await outboxFor('nope@acme.test')).toHaveLength(0);
  });

  it('throttles wrong current passwords like sign-in: a stolen session is no password oracle', async () => {
    const me = await freshMember();
    const attempt = (currentPassword: string) =>
      server.request('acme', 'PUT', '/me/profile/password', { session: me.session, body: { currentPassword, newPassword: 'Newer-Passw0rd' } });
    for (let i = 0; i < 5; i++) expect((await attempt(`Wrong-pass${i}`)).status).toBe(400);
    const locked = await attempt(testPassword);
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('too_many_attempts');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('refuses an address used in the tenant (409), a bad address (400) and the current one (400)', async () => {
    const me = await freshMember();
    const taken = await server.request('acme', 'POST', '/me/profile/email', { session: me.session, body: { newEmail: 'admin@acme.test', currentPassword: testPassword } });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('email_exists');
    const bad = await server.request('acme', 'POST', '/me/profile/email', { session: me.session, body: { newEmail: 'not-an-email', currentPassword: testPassword } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ field: 'newEmail', code: 'invalid_email' });
    const same = await server.request('acme', 'POST', '/me/profile/email', { session: me.session, body: { newEmail: me.email, currentPassword: testPassword } });
    expect(same.status).toBe(400);
    expect(same.body.errors[0]).toMatchObject({ field: 'newEmail', code: 'same_email' });
  });

  it('allows the same address in another tenant', async () => {
    const me = await freshMember();
    const res = await server.request('acme', 'POST', '/me/profile/email', { session: me.session, body: { newEmail: 'admin@globex.test', currentPassword: testPassword } });
    expect(res.status).toBe(202);
  });

  it('answers 409 when the address was taken between the request and the confirmation', async () => {
    const me = await freshMember();
    await server.request('acme', 'POST', '/me/profile/email', { session: me.session, body: { newEmail: 'race@acme.test', currentPassword: testPassword } });
    const token = tokenOf((await outboxFor('race@acme.test'))[0]!.textBody);
    const tenantId = server.ids.tenants.acme;
    await server.database.withTenant(tenantId, (tx) =>
      tx.insert(users).values({ tenantId, email: 'race@acme.test', firstName: 'Rita', lastName: 'Race' }).onConflictDoNothing(),
    );
    const res = await server.request('acme', 'POST', '/me/profile/email/confirm', { session: me.session, body: { token } });
    expect(res.status).toBe(409);
    expect((await userRow(me.id)).email).toBe(me.email);
  });

  it("refuses another user's link and an unknown token", async () => {
    const owner = await freshMember();
    const other = await freshMember();
    await server.request('acme', 'POST', '/me/profile/email', { session: owner.session, body: { newEmail: 'owned@acme.test', currentPassword: testPassword } });
    const token = tokenOf((await outboxFor('owned@acme.test'))[0]!.textBody);
    const stolen = await server.request('acme', 'POST', '/me/profile/email/confirm', { session: other.session, body: { token } });
    expect(stolen.status).toBe(400);
    expect(stolen.body.code).toBe('token_invalid');
    // The refusal did not use up the owner's link.
    expect((await server.request('acme', 'POST', '/me/profile/email/confirm', { session: owner.session, body: { token } })).status).toBe(200);
    const unknown = await server.request('acme', 'POST', '/me/profile/email/confirm', { session: owner.session, body: { token: 'x'.repeat(43) } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('token_invalid');
  });

  it("does not accept a link from another tenant's user", async () => {
    const acme = await freshMember('acme');
    const globex = await freshMember('globex');
    await server.request('globex', 'POST', '/me/profile/email', { session: globex.session, body: { newEmail: 'cross@globex.test', currentPassword: testPassword } });
    const token = tokenOf((await outboxFor('cross@globex.test', 'globex'))[0]!.textBody);
    const res = await server.request('acme', 'POST', '/me/profile/email/confirm', { session: acme.session, body: { token } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('token_invalid');
  });
});

describe('updateProfilePassword', () => {
  it('changes the password and ends the other sessions, keeping this one', async () => {
    const me = await freshMember();
    const other = await server.login('acme', me.email);
    const res = await server.request('acme', 'PUT', '/me/profile/password', { session: me.session, body: { currentPassword: testPassword, newPassword: 'Brand-New1' } });
    expect(res.status).toBe(204);
    expect((await server.request('acme', 'GET', '/me', { session: me.session })).status).toBe(200);
    expect((await server.request('acme', 'GET', '/me', { session: other })).status).toBe(401);
    await server.login('acme', me.email, 'Brand-New1');
    expect((await server.request('acme', 'POST', '/auth/login', { body: { email: me.email, password: testPassword } })).status).toBe(401);
  });

  it("refuses a wrong current password ('Incorrect password') and a weak new one", async () => {
    const me = await freshMember();
    const wrong = await server.request('acme', 'PUT', '/me/profile/password', { session: me.session, body: { currentPassword: 'Nope-nope1', newPassword: 'Brand-New1' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('password_incorrect');
    expect(wrong.body.errors[0]).toMatchObject({ field: 'currentPassword', message: 'Incorrect password' });
    const weak = await server.request('acme', 'PUT', '/me/profile/password', { session: me.session, body: { currentPassword: testPassword, newPassword: 'weakweak' } });
    expect(weak.status).toBe(400);
    expect(weak.body.errors[0]).toMatchObject({ field: 'newPassword', code: 'weak_password' });
    await server.login('acme', me.email);
  });
});

describe('profile picture', () => {
  it('stores a PNG, serves it at the new photoUrl, and replaces it with a JPEG', async () => {
    const me = await freshMember();
    const up = await server.request('acme', 'PUT', '/me/profile/picture', { session: me.session, rawBody: png(500), contentType: 'image/png' });
    expect(up.status).toBe(200);
    const firstUrl: string = up.body.photoUrl;
    expect(firstUrl).toMatch(new RegExp(`^/api/v1/profile-pictures/${me.id}/[a-f0-9]{16}\\.png$`));
    const got = await server.request('acme', 'GET', firstUrl, { session: member });
    expect(got.status).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['content-length']).toBe('500');
    expect((await server.request('acme', 'GET', '/me', { session: me.session })).body.photoURL).toBe(firstUrl);

    // The declared type does not matter: the bytes are a JPEG.
    const second = await server.request('acme', 'PUT', '/me/profile/picture', { session: me.session, rawBody: jpeg(300), contentType: 'image/png' });
    expect(second.status).toBe(200);
    expect(second.body.photoUrl).toMatch(/\.jpg$/);
    expect((await server.request('acme', 'GET', second.body.photoUrl, { session: me.session })).headers['content-type']).toBe('image/jpeg');
    // The old URL is gone.
    expect((await server.request('acme', 'GET', firstUrl, { session: me.session })).status).toBe(404);
  });

  it('refuses content that is not a PNG or JPEG, whatever its declared type', async () => {
    const res = await server.request('acme', 'PUT', '/me/profile/picture', { session: member, rawBody: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), contentType: 'image/png' });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ code: 'invalid_image' });
    const gif = await server.request('acme', 'PUT', '/me/profile/picture', { session: member, rawBody: Buffer.from('GIF89a....'), contentType: 'image/gif' });
    expect(gif.status).toBe(415);
  });

  it('accepts exactly 2 MB and refuses more with 413', async () => {
    const me = await freshMember();
    const max = await server.request('acme', 'PUT', '/me/profile/picture', { session: me.session, rawBody: png(2 * 1024 * 1024), contentType: 'image/png' });
    expect(max.status).toBe(200);
    const tooBig = await server.request('acme', 'PUT', '/me/profile/picture', { session: me.session, rawBody: png(2 * 1024 * 1024 + 1), contentType: 'image/png' });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.code).toBe('file_too_large');
  });

  it('deletes the picture', async () => {
    const me = await freshMember();
    const up = await server.request('acme', 'PUT', '/me/profile/picture', { session: me.session, rawBody: jpeg(), contentType: 'image/jpeg' });
    const del = await server.request('acme', 'DELETE', '/me/profile/picture', { session: me.session });
    expect(del.status).toBe(204);
    expect((await userRow(me.id)).photoUrl).toBeNull();
    expect((await server.request('acme', 'GET', up.body.photoUrl, { session: me.session })).status).toBe(404);
    // Deleting again is harmless.
    expect((await server.request('acme', 'DELETE', '/me/profile/picture', { session: me.session })).status).toBe(204);
  });

  it("does not serve a picture to another tenant's session", async () => {
    const me = await freshMember();
    const up = await server.request('acme', 'PUT', '/me/profile/picture', { session: me.session, rawBody: png(), contentType: 'image/png' });
    const globex = await server.login('globex', userEmail('globex', 'admin'));
    expect((await server.request('globex', 'GET', up.body.photoUrl, { session: globex })).status).toBe(404);
    expect((await server.request('acme', 'GET', up.body.photoUrl)).status).toBe(401);
  });
});

describe('sessions on disabling', () => {
  it('ends every session of a user an admin disables', async () => {
    const me = await freshMember();
    const admin = await server.login('acme', userEmail('acme', 'admin'));
    const res = await server.request('acme', 'PATCH', `/users/${me.id}`, { session: admin, body: { status: 'disabled' } });
    expect(res.status).toBe(200);
    const left = await server.database.withTenant(server.ids.tenants.acme, (tx) => tx.select().from(sessions).where(and(eq(sessions.userId, me.id))));
    expect(left).toHaveLength(0);
  });
});
