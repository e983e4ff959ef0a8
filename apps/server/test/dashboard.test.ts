// The dashboards over HTTP on a small hand-made history: exact cards, top lists, breakdowns and
// series; a tenant administrator sees only their tenant, the platform super administrator every
// tenant; members get 403; bad ranges 400 with the field's code.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meetingParticipants, meetingSessions, type ParticipantClient } from '../src/kernel/db/schema.ts';
import { startTestServer, userEmail, type TestServer, type TestSession } from './harness.ts';

type Person = { key: string; userId?: string; joined: string; left: string | null; client?: ParticipantClient };
type Run = { tenant: 'acme' | 'globex'; code: string; host: string | null; started: string; ended: string | null; people: Person[] };

const at = (time: string) => new Date(`2026-11-${time}:00Z`);

async function insertRuns(server: TestServer, runs: Run[]): Promise<string[]> {
  const ids: string[] = [];
  for (const run of runs) {
    const tenantId = server.ids.tenants[run.tenant];
    await server.database.withTenant(tenantId, async (tx) => {
      const [session] = await tx
        .insert(meetingSessions)
        .values({ tenantId, code: run.code, topic: run.code, hostId: run.host, node: 'janus-test', source: 'media', startedAt: at(run.started), endedAt: run.ended ? at(run.ended) : null, participants: run.people.length })
        .returning({ id: meetingSessions.id });
      ids.push(session!.id);
      await tx.insert(meetingParticipants).values(
        run.people.map((person) => ({
          tenantId,
          sessionId: session!.id,
          participantKey: person.key,
          userId: person.userId ?? null,
          displayName: person.key,
          joinedAt: at(person.joined),
          leftAt: person.left ? at(person.left) : null,
          client: person.client ?? {},
        })),
      );
    });
  }
  return ids;
}

describe('dashboards', () => {
  let server: TestServer;
  let acmeAdmin: TestSession;
  let superAdmin: TestSession;
  const user = (tenant: string, role: string) => server.ids.users[userEmail(tenant, role)]!;
  const week = { startDate: '2026-11-01', endDate: '2026-11-07' };

  beforeAll(async () => {
    server = await startTestServer();
    const admin = user('acme', 'admin');
    const member = user('acme', 'member');
    const web = (os: string): ParticipantClient => ({ platform: 'web', os });
    await insertRuns(server, [
      {
        tenant: 'acme', code: 'A', host: admin, started: '02T10:00', ended: '02T11:00',
        people: [
          { key: admin, userId: admin, joined: '02T10:00', left: '02T11:00', client: web('Linux') },
          { key: member, userId: member, joined: '02T10:00', left: '02T10:30', client: { platform: 'android', os: 'Android' } },
          { key: 'guest-1', joined: '02T10:15', left: '02T10:45', client: web('Windows') },
        ],
      },
      { tenant: 'acme', code: 'B', host: member, started: '02T15:00', ended: '02T15:48', people: [{ key: member, userId: member, joined: '02T15:00', left: '02T15:48', client: web('macOS') }] },
      {
        tenant: 'acme', code: 'C', host: admin, started: '04T09:00', ended: '04T09:30',
        // No leave seen for the guest: they count until the meeting ended.
        people: [{ key: admin, userId: admin, joined: '04T09:00', left: '04T09:30', client: web('Linux') }, { key: 'guest-2', joined: '04T09:00', left: null }],
      },
      { tenant: 'acme', code: 'OLD', host: admin, started: '20T09:00', ended: '20T10:00', people: [{ key: admin, userId: admin, joined: '20T09:00', left: '20T10:00' }] },
      {
        tenant: 'globex', code: 'G', host: user('globex', 'admin'), started: '03T12:00', ended: '03T14:00',
        people: [
          { key: user('globex', 'admin'), userId: user('globex', 'admin'), joined: '03T12:00', left: '03T14:00', client: web('Windows') },
          { key: user('globex', 'member'), userId: user('globex', 'member'), joined: '03T12:00', left: '03T14:00', client: { platform: 'ios', os: 'iOS' } },
        ],
      },
    ]);
    acmeAdmin = await server.login('acme', userEmail('acme', 'admin'));
    superAdmin = await server.login('system', userEmail('system', 'superadmin'));
  });
  afterAll(() => server?.close());

  it("gives a tenant administrator their tenant's cards, top users, platforms and days", async () => {
    const res = await server.request('acme', 'POST', '/dashboard', { session: acmeAdmin, body: week });
    expect(res.status).toBe(200);
    expect(res.body.cards).toEqual({ meetings: 3, hours: 3.8, participants: 6, users: 2, tenants: null });
    expect(res.body.topUsers).toEqual([
      { userId: user('acme', 'admin'), name: 'Admin Acme', email: 'admin@acme.test', tenantName: 'Acme Corporation', meetings: 2, hosted: 2, hours: 1.5 },
      { userId: user('acme', 'member'), name: 'Member Acme', email: 'member@acme.test', tenantName: 'Acme Corporation', meetings: 2, hosted: 1, hours: 1.3 },
    ]);
    expect(res.body.topTenants).toEqual([]);
    expect(res.body.platforms).toEqual([
      { name: 'web', participants: 4 },
      { name: 'android', participants: 1 },
      { name: 'unknown', participants: 1 },
    ]);
    expect(res.body.operatingSystems).toEqual([
      { name: 'Linux', participants: 2 },
      { name: 'Android', participants: 1 },
      { name: 'macOS', participants: 1 },
      { name: 'unknown', participants: 1 },
      { name: 'Windows', participants: 1 },
    ]);
    expect(res.body.days).toEqual([
      { date: '2026-11-01', meetings: 0, hours: 0 },
      { date: '2026-11-02', meetings: 2, hours: 2.8 },
      { date: '2026-11-03', meetings: 0, hours: 0 },
      { date: '2026-11-04', meetings: 1, hours: 1 },
      { date: '2026-11-05', meetings: 0, hours: 0 },
      { date: '2026-11-06', meetings: 0, hours: 0 },
      { date: '2026-11-07', meetings: 0, hours: 0 },
    ]);
    const tenantAdmin = await server.login('acme', userEmail('acme', 'tenantadmin'));
    const same = await server.request('acme', 'POST', '/dashboard', { session: tenantAdmin, body: week });
    expect(same.body.cards).toEqual(res.body.cards);
  });

  it("counts the days of the reader's time zone", async () => {
    // 10:00 and 15:00 UTC on the 2nd are the 3rd at UTC+14; 09:00 UTC on the 4th is 23:00 there.
    const res = await server.request('acme', 'POST', '/dashboard', { session: acmeAdmin, body: { startDate: '2026-11-03', endDate: '2026-11-03', timeZone: 'Pacific/Kiritimati' } });
    expect(res.status).toBe(200);
    expect(res.body.cards).toMatchObject({ meetings: 2, participants: 4 });
    expect(res.body.days).toEqual([{ date: '2026-11-03', meetings: 2, hours: 2.8 }]);
  });

  it("never counts another tenant's meetings", async () => {
    const globexAdmin = await server.login('globex', userEmail('globex', 'admin'));
    const res = await server.request('globex', 'POST', '/dashboard', { session: globexAdmin, body: week });
    expect(res.body.cards).toEqual({ meetings: 1, hours: 4, participants: 2, users: 2, tenants: null });
    expect(res.body.topUsers.map((row: { email: string }) => row.email).sort()).toEqual(['admin@globex.test', 'member@globex.test']);
    const empty = await server.request('acme', 'POST', '/dashboard', { session: acmeAdmin, body: { startDate: '2026-11-03', endDate: '2026-11-03' } });
    expect(empty.body.cards).toEqual({ meetings: 0, hours: 0, participants: 0, users: 0, tenants: null });
    expect(empty.body.topUsers).toEqual([]);
    expect(empty.body.platforms).toEqual([]);
  });

  it('gives the platform super administrator every tenant with the top tenants', async () => {
    const res = await server.request('system', 'POST', '/dashboard/platform', { session: superAdmin, body: week });
    expect(res.status).toBe(200);
    expect(res.body.cards).toEqual({ meetings: 4, hours: 7.8, participants: 8, users: 4, tenants: 2 });
    expect(res.body.topTenants).toEqual([
      { tenantId: server.ids.tenants.acme, name: 'Acme Corporation', meetings: 3, users: 2, hours: 3.8 },
      { tenantId: server.ids.tenants.globex, name: 'Globex Corporation', meetings: 1, users: 2, hours: 4 },
    ]);
    expect(res.body.topUsers.slice(0, 2).map((row: { email: string }) => row.email)).toEqual(['admin@acme.test', 'member@acme.test']);
    expect(res.body.topUsers.slice(2).map((row: { tenantName: string; meetings: number }) => [row.tenantName, row.meetings])).toEqual([
      ['Globex Corporation', 1],
      ['Globex Corporation', 1],
    ]);
    expect(res.body.platforms).toEqual([
      { name: 'web', participants: 5 },
      { name: 'android', participants: 1 },
      { name: 'ios', participants: 1 },
      { name: 'unknown', participants: 1 },
    ]);
    expect(res.body.days[2]).toEqual({ date: '2026-11-03', meetings: 1, hours: 4 });
    // At its own realm the platform has no meetings of its own.
    const own = await server.request('system', 'POST', '/dashboard', { session: superAdmin, body: week });
    expect(own.body.cards.meetings).toBe(0);
  });

  it('counts a meeting reported after an earlier read (the live change drops kept answers and the history it falls in)', async () => {
    const body = { startDate: '2026-11-10', endDate: '2026-11-10' };
    const before = await server.request('acme', 'POST', '/dashboard', { session: acmeAdmin, body });
    expect(before.body.cards.meetings).toBe(0);
    const sessionIds = await insertRuns(server, [{ tenant: 'acme', code: 'LATE', host: null, started: '10T08:00', ended: '10T08:30', people: [{ key: 'guest-3', joined: '10T08:00', left: '10T08:30' }] }]);
    server.app.liveBus.publish({ tenantId: server.ids.tenants.acme, sessionIds });
    const after = await server.request('acme', 'POST', '/dashboard', { session: acmeAdmin, body });
    expect(after.body.cards).toEqual({ meetings: 1, hours: 0.5, participants: 1, users: 0, tenants: null });
  });

  it('adds today, a running meeting included, to the kept history of the earlier days', async () => {
    const today = new Date().toISOString().slice(0, 10);
    // Up to an hour ago, yet today (UTC) even just after midnight.
    const hourAgo = new Date(Math.max(Date.now() - 3_600_000, Date.parse(`${today}T00:00:01Z`)));
    const body = { startDate: '2026-11-01', endDate: today };
    const before = await server.request('acme', 'POST', '/dashboard', { session: acmeAdmin, body });
    const tenantId = server.ids.tenants.acme;
    const [running] = await server.database.withTenant(tenantId, (tx) =>
      tx
        .insert(meetingSessions)
        .values({ tenantId, code: 'NOW', topic: 'NOW', node: 'janus-test', source: 'media', startedAt: hourAgo })
        .returning({ id: meetingSessions.id }),
    );
    await server.database.withTenant(tenantId, (tx) =>
      tx.insert(meetingParticipants).values({ tenantId, sessionId: running!.id, participantKey: 'guest-now', joinedAt: hourAgo, client: { platform: 'web' } }),
    );
    server.app.liveBus.publish({ tenantId, sessionIds: [running!.id] });
    const after = await server.request('acme', 'POST', '/dashboard', { session: acmeAdmin, body });
    expect(after.body.cards.meetings).toBe(before.body.cards.meetings + 1);
    expect(after.body.cards.participants).toBe(before.body.cards.participants + 1);
    // Still in the meeting: counted up to now.
    expect(Math.abs(after.body.cards.hours - before.body.cards.hours - (Date.now() - hourAgo.getTime()) / 3_600_000)).toBeLessThan(0.15);
    expect(after.body.days.at(-1).meetings).toBe(before.body.days.at(-1).meetings + 1);
    // The earlier days are the same figures as before.
    expect(after.body.days.slice(0, 7)).toEqual(before.body.days.slice(0, 7));
    await server.database.withTenant(tenantId, (tx) => tx.delete(meetingSessions).where(eq(meetingSessions.id, running!.id)));
    server.app.liveBus.publish({ tenantId, sessionIds: [running!.id] });
  });

  it('answers 403 to a member, and the platform dashboard to anyone but the super administrator', async () => {
    const member = await server.login('acme', userEmail('acme', 'member'));
    expect((await server.request('acme', 'POST', '/dashboard', { session: member, body: week })).status).toBe(403);
    expect((await server.request('acme', 'POST', '/dashboard/platform', { session: acmeAdmin, body: week })).status).toBe(403);
    expect((await server.request('acme', 'POST', '/dashboard', { body: week })).status).toBe(401);
  });

  it('answers 400 with the field for bad dates and ranges', async () => {
    const post = (body: unknown) => server.request('acme', 'POST', '/dashboard', { session: acmeAdmin, body });
    const backwards = await post({ startDate: '2026-11-07', endDate: '2026-11-01' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors[0]).toMatchObject({ field: 'endDate', code: 'end_before_start', message: 'Cannot Choose a Pre-Date for End Date' });
    const long = await post({ startDate: '2025-01-01', endDate: '2026-01-02' });
    expect(long.status).toBe(400);
    expect(long.body.errors[0]).toMatchObject({ field: 'endDate', code: 'range_too_long' });
    expect((await post({ startDate: '2025-01-02', endDate: '2026-01-02' })).status).toBe(200);
    const badDay = await post({ startDate: '2026-02-30', endDate: '2026-03-01' });
    expect(badDay.status).toBe(400);
    expect(badDay.body.errors[0]).toMatchObject({ field: 'startDate', code: 'invalid_start_date' });
    const text = await post({ startDate: 'yesterday', endDate: '2026-03-01' });
    expect(text.body.errors[0]).toMatchObject({ field: 'startDate', code: 'invalid_start_date' });
    const zone = await post({ ...week, timeZone: 'Mars/Olympus' });
    expect(zone.status).toBe(400);
    expect(zone.body.errors[0]).toMatchObject({ field: 'timeZone', code: 'invalid_time_zone' });
    expect((await post({ startDate: '2026-11-01' })).status).toBe(400);
  });
});
