// Active sessions over real HTTP: a person lists and ends their own; an administrator ends all of
// a user's sessions (audited); other tenants' sessions and users stay out of reach.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/kernel/crypto/passwords.ts';
import { sessions, userRoles, users } from '../src/kernel/db/schema.ts';
import { deviceLabel } from '../src/profile/device-label.ts';
import { startTestServer, testPassword, userEmail, type TestServer, type TestSession } from './harness.ts';

let server: TestServer;
let seq = 0;

const firefoxOnWindows = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const safariOnIphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

function cookiesFrom(setCookie: string[] | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  for (const line of setCookie ?? []) {
    const [pair = ''] = line.split(';');
    const index = pair.indexOf('=');
    result[pair.slice(0, index)] = pair.slice(index + 1);
  }
  return result;
}

/** Signs in with a given browser (the harness's login sends no user agent). */
async function loginWith(tenant: string, email: string, userAgent: string): Promise<TestSession> {
  const res = await server.request(tenant, 'POST', '/auth/login', { body: { email, password: testPassword }, headers: { 'user-agent': userAgent } });
  expect(res.status).toBe(200);
  const cookies = cookiesFrom(res.headers['set-cookie']);
  return { cookie: `portal_session=${cookies.portal_session}; portal_csrf=${cookies.portal_csrf}`, csrfToken: cookies.portal_csrf!, secret: cookies.portal_session! };
}

async function freshMember(tenant: 'acme' | 'globex' = 'acme', roleName = 'member') {
  seq += 1;
  const email = `sessions${seq}@${tenant}.test`;
  const tenantId = server.ids.tenants[tenant];
  const passwordHash = await hashPassword(testPassword);
  const id = await server.database.withTenant(tenantId, async (tx) => {
    const [row] = await tx.insert(users).values({ tenantId, email, firstName: 'Sam', lastName: 'Session', passwordHash }).returning({ id: users.id });
    await tx.insert(userRoles).values({ tenantId, userId: row!.id, roleId: server.ids.roles[tenant][roleName]! });
    return row!.id;
  });
  return { id, email };
}

async function sessionCount(userId: string, tenant: 'acme' | 'globex' = 'acme') {
  const rows = await server.database.withTenant(server.ids.tenants[tenant], (tx) => tx.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId)));
  return rows.length;
}

type AuditEntry = { action: string; entity: string; entityId: string | null; actor: string; ip: string | null; before: unknown; after: unknown };

/** The audit entries about one user, newest first. */
async function userEntries(session: TestSession, userId: string, tenant = 'acme'): Promise<AuditEntry[]> {
  const res = await server.request(tenant, 'GET', '/audit-log?limit=100&entity=user', { session });
  expect(res.status).toBe(200);
  return (res.body.items as AuditEntry[]).filter((e) => e.entityId === userId);
}

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

describe('getSessions', () => {
  it('lists the caller’s sessions with device, address and which one is current, never the stored id', async () => {
    const me = await freshMember();
    const laptop = await loginWith('acme', me.email, firefoxOnWindows);
    await loginWith('acme', me.email, safariOnIphone);
    const res = await server.request('acme', 'GET', '/me/sessions', { session: laptop });
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(2);
    const current = res.body.items.find((s: { current: boolean }) => s.current);
    expect(current).toMatchObject({ device: 'Firefox on Windows', ip: '127.0.0.1' });
    expect(res.body.items.find((s: { current: boolean }) => !s.current)).toMatchObject({ device: 'Safari on iOS' });
    const stored = await server.database.withTenant(server.ids.tenants.acme, (tx) => tx.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, me.id)));
    for (const item of res.body.items) {
      expect(item.id).toMatch(/^[a-f0-9]{16}$/);
      expect(stored.map((s) => s.id)).not.toContain(item.id);
      expect(stored.some((s) => s.id.startsWith(item.id))).toBe(false);
    }
  });

  it('shows only the caller’s own sessions', async () => {
    const me = await freshMember();
    const mine = await loginWith('acme', me.email, firefoxOnWindows);
    await server.login('acme', userEmail('acme', 'admin'));
    const res = await server.request('acme', 'GET', '/me/sessions', { session: mine });
    expect(res.body.items).toHaveLength(1);
  });

  it('needs a session', async () => {
    expect((await server.request('acme', 'GET', '/me/sessions')).status).toBe(401);
  });
});

describe('deleteSession', () => {
  it('ends another of the caller’s sessions, which then answers 401', async () => {
    const me = await freshMember();
    const laptop = await loginWith('acme', me.email, firefoxOnWindows);
    const phone = await loginWith('acme', me.email, safariOnIphone);
    const list = await server.request('acme', 'GET', '/me/sessions', { session: laptop });
    const other = list.body.items.find((s: { current: boolean }) => !s.current);
    const res = await server.request('acme', 'DELETE', `/me/sessions/${other.id}`, { session: laptop });
    expect(res.status).toBe(204);
    expect((await server.request('acme', 'GET', '/me', { session: phone })).status).toBe(401);
    expect((await server.request('acme', 'GET', '/me', { session: laptop })).status).toBe(200);
  });

  it('ending the current session signs out and clears the cookies', async () => {
    const me = await freshMember();
    const laptop = await loginWith('acme', me.email, firefoxOnWindows);
    const list = await server.request('acme', 'GET', '/me/sessions', { session: laptop });
    const res = await server.request('acme', 'DELETE', `/me/sessions/${list.body.items[0].id}`, { session: laptop });
    expect(res.status).toBe(204);
    expect(String(res.headers['set-cookie'])).toMatch(/portal_session=;/);
    expect((await server.request('acme', 'GET', '/me', { session: laptop })).status).toBe(401);
  });

  it("answers 404 for someone else's session, also of another tenant, and leaves it alone", async () => {
    const me = await freshMember();
    const mine = await loginWith('acme', me.email, firefoxOnWindows);
    const neighbour = await freshMember();
    const theirs = await loginWith('acme', neighbour.email, safariOnIphone);
    const foreign = await freshMember('globex');
    const foreignSession = await loginWith('globex', foreign.email, safariOnIphone);
    for (const [tenant, session] of [['acme', theirs], ['globex', foreignSession]] as const) {
      const id = (await server.request(tenant, 'GET', '/me/sessions', { session })).body.items[0].id;
      expect((await server.request('acme', 'DELETE', `/me/sessions/${id}`, { session: mine })).status).toBe(404);
      expect((await server.request(tenant, 'GET', '/me', { session })).status).toBe(200);
    }
  });

  it('refuses a malformed id with 400', async () => {
    const me = await freshMember();
    const mine = await loginWith('acme', me.email, firefoxOnWindows);
    expect((await server.request('acme', 'DELETE', '/me/sessions/not-an-id', { session: mine })).status).toBe(400);
  });
});

describe('deleteUserSessions', () => {
  it('lets an admin end every session of a user', async () => {
    const admin = await server.login('acme', userEmail('acme', 'admin'));
    const target = await freshMember();
    const one = await loginWith('acme', target.email, firefoxOnWindows);
    await loginWith('acme', target.email, safariOnIphone);
    const res = await server.request('acme', 'DELETE', `/users/${target.id}/sessions`, { session: admin });
    expect(res.status).toBe(204);
    expect(await sessionCount(target.id)).toBe(0);
    expect((await server.request('acme', 'GET', '/me', { session: one })).status).toBe(401);
  });

  it('writes an audit entry: who ended how many sessions of which user, from where', async () => {
    const admin = await server.login('acme', userEmail('acme', 'admin'));
    const target = await freshMember();
    await loginWith('acme', target.email, firefoxOnWindows);
    await loginWith('acme', target.email, safariOnIphone);
    expect((await server.request('acme', 'DELETE', `/users/${target.id}/sessions`, { session: admin })).status).toBe(204);
    const entries = await userEntries(admin, target.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'update', entity: 'user', entityId: target.id, actor: userEmail('acme', 'admin'), before: null, after: { sessionsEnded: 2 } });
    expect(entries[0]!.ip).toEqual(expect.any(String));
  });

  it('refuses a member (403) and a user of another tenant (404)', async () => {
    const admin = await server.login('acme', userEmail('acme', 'admin'));
    const member = await server.login('acme', userEmail('acme', 'member'));
    const target = await freshMember();
    await loginWith('acme', target.email, firefoxOnWindows);
    expect((await server.request('acme', 'DELETE', `/users/${target.id}/sessions`, { session: member })).status).toBe(403);
    const foreign = await freshMember('globex');
    await loginWith('globex', foreign.email, firefoxOnWindows);
    expect((await server.request('acme', 'DELETE', `/users/${foreign.id}/sessions`, { session: admin })).status).toBe(404);
    expect(await sessionCount(foreign.id, 'globex')).toBe(1);
    expect(await sessionCount(target.id)).toBe(1);
    // Nothing happened, so nothing is logged, in either tenant.
    expect(await userEntries(admin, target.id)).toEqual([]);
    expect(await userEntries(admin, foreign.id)).toEqual([]);
    expect(await userEntries(await server.login('globex', userEmail('globex', 'admin')), foreign.id, 'globex')).toEqual([]);
  });

  it('does not let an admin end the sessions of an account that outranks it', async () => {
    const admin = await server.login('acme', userEmail('acme', 'admin'));
    const boss = await freshMember('acme', 'tenantadmin');
    await loginWith('acme', boss.email, firefoxOnWindows);
    expect((await server.request('acme', 'DELETE', `/users/${boss.id}/sessions`, { session: admin })).status).toBe(403);
    expect(await sessionCount(boss.id)).toBe(1);
  });
});

describe('deviceLabel', () => {
  it.each([
    [firefoxOnWindows, 'Firefox on Windows'],
    [safariOnIphone, 'Safari on iOS'],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36', 'Chrome on Linux'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0', 'Edge on macOS'],
    [null, 'Unknown device'],
  ])('%s → %s', (agent, label) => {
    expect(deviceLabel(agent)).toBe(label);
  });
});
