// The dashboards' rollups (migration 0014_dashboard_rollups) against the raw rows: after media
// events applied shuffled, late events that move a meeting's start into an earlier hour, day and
// month, a participant who joins an ended meeting late, and direct writes (a moved start, a
// deleted meeting), the kept rollups equal a rebuild from scratch, and every figure the
// dashboards read from them equals the same figure read from the raw rows, in UTC and in zones
// ahead of and behind it, over ranges of hours, days and months.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardClients, dashboardHosts, dashboardPeople, dashboardTotals, meetingSessions } from '../src/kernel/db/schema.ts';
import type { Database } from '../src/kernel/db/types.ts';
import { peopleFigures, sessionFigures, spansOf, type DashboardRange } from '../src/dashboards/queries.ts';
import { windowOf } from '../src/dashboards/service.ts';
import { apply, guestKey, newMeeting, openingOf, sessionsOf, startLiveServer, type LiveSetup } from './live-fixtures.ts';

const at = (iso: string) => Date.parse(iso);
/** Event specs as the fixtures' `apply` takes them. */
const specs = (list: object[]) => list as unknown as Parameters<typeof apply>[2];

/** Every rollup row the tenant sees, sorted, seconds to the microsecond (sums may add up in another order). */
async function rollups(setup: LiveSetup, tenantId: string) {
  return setup.server.database.withTenant(tenantId, async (tx) => {
    const round = (rows: Record<string, unknown>[]) =>
      rows.map((row) => JSON.stringify({ ...row, at: (row.at as Date).toISOString(), seconds: row.seconds === undefined ? undefined : Math.round(Number(row.seconds) * 1e6) / 1e6 })).sort();
    return {
      totals: round(await tx.select().from(dashboardTotals)),
      hosts: round(await tx.select().from(dashboardHosts)),
      people: round(await tx.select().from(dashboardPeople)),
      clients: round(await tx.select().from(dashboardClients)),
    };
  });
}

async function rebuilt(setup: LiveSetup, tenantId: string) {
  await setup.server.database.withTenant(tenantId, (tx) => tx.execute(sql`select portal_dashboard_rebuild()`));
  return rollups(setup, tenantId);
}

/** The figures of a range as the dashboards read them, sorted; hours to the microsecond. */
async function figures(tx: Database, range: DashboardRange, top: number | null) {
  const sessions = (await sessionFigures(tx, range)).map((row) => JSON.stringify(row)).sort();
  const people = (await peopleFigures(tx, range, top))
    .filter((row) => row.kind !== 'day' || row.participants > 0)
    .map((row) => JSON.stringify({ ...row, participants: Number(row.participants), users: Number(row.users), hours: row.kind === 'client' ? 0 : Math.round(Number(row.hours) * 1e6) / 1e6 }))
    .sort();
  return { sessions, people };
}

const ranges: [string, string, string][] = [
  ['2026-09-20', '2026-11-25', 'UTC'],
  ['2026-09-20', '2026-11-25', 'Asia/Tashkent'],
  ['2026-10-01', '2026-11-24', 'America/New_York'],
  ['2026-10-31', '2026-11-02', 'Europe/Paris'],
  ['2026-11-01', '2026-11-01', 'Pacific/Kiritimati'],
];

/** Rollups equal a rebuild, and every range reads the same figures from them as from the raw rows. */
async function expectAgreement(setup: LiveSetup, tenantId: string) {
  const kept = await rollups(setup, tenantId);
  expect(kept.totals.length).toBeGreaterThan(0);
  expect(await rebuilt(setup, tenantId)).toEqual(kept);
  const now = new Date(at('2026-11-25T12:00:00Z'));
  for (const [startDate, endDate, timeZone] of ranges) {
    const window = windowOf({ startDate, endDate, timeZone });
    expect(window.hourly).toBe(true);
    for (const [scopeTenant, run] of [
      [tenantId, <T>(fn: (tx: Database) => Promise<T>) => setup.server.database.withTenant(tenantId, fn)],
      [null, <T>(fn: (tx: Database) => Promise<T>) => setup.server.database.withPlatform(fn)],
    ] as const) {
      const range: DashboardRange = { from: window.from, to: window.to, timeZone, now, tenantId: scopeTenant };
      for (const top of [null, 10]) {
        const raw = await run((tx) => figures(tx, { ...range, hourly: false, daily: false }, top));
        const fromRollups = await run((tx) => figures(tx, { ...range, hourly: true, daily: window.daily }, top));
        expect(fromRollups, `${startDate}..${endDate} ${timeZone} ${scopeTenant ?? 'platform'} top ${top}`).toEqual(raw);
        expect(raw.sessions.length).toBeGreaterThan(0);
      }
    }
  }
}

describe('dashboard rollups', () => {
  let setup: LiveSetup;
  let acme: string;

  beforeAll(async () => {
    setup = await startLiveServer();
    acme = setup.server.ids.tenants.acme;
  });
  afterAll(() => setup?.server.close());

  it('splits a range into whole UTC months, days around them and hours at the edges', () => {
    const spans = spansOf(new Date('2026-09-29T19:00:00Z'), new Date('2026-12-02T05:00:00Z'), 'month').map((span) => `${span.span} ${span.from.toISOString()} ${span.to.toISOString()}`);
    expect(spans).toEqual([
      'hour 2026-09-29T19:00:00.000Z 2026-09-30T00:00:00.000Z',
      'hour 2026-12-02T00:00:00.000Z 2026-12-02T05:00:00.000Z',
      'day 2026-09-30T00:00:00.000Z 2026-10-01T00:00:00.000Z',
      'day 2026-12-01T00:00:00.000Z 2026-12-02T00:00:00.000Z',
      'month 2026-10-01T00:00:00.000Z 2026-12-01T00:00:00.000Z',
    ]);
    expect(spansOf(new Date('2026-09-29T19:00:00Z'), new Date('2026-09-30T05:00:00Z'), 'month')).toEqual([{ span: 'hour', from: new Date('2026-09-29T19:00:00Z'), to: new Date('2026-09-30T05:00:00Z') }]);
    // Half-hour zones are read from the raw rows: their days do not start on whole hours.
    expect(windowOf({ startDate: '2026-11-01', endDate: '2026-11-02', timeZone: 'Asia/Kolkata' }).hourly).toBe(false);
    expect(windowOf({ startDate: '2026-11-01', endDate: '2026-11-02', timeZone: 'Asia/Tashkent' })).toMatchObject({ hourly: true, daily: false });
    expect(windowOf({ startDate: '2026-11-01', endDate: '2026-11-02' })).toMatchObject({ hourly: true, daily: true });
  });

  it('agree with the raw rows after shuffled, late and direct writes', async () => {
    const { acmeHost, globexHost } = setup;
    const globex = setup.server.ids.tenants.globex;
    // A run across an hour boundary, its events applied shuffled in three batches.
    const first = await newMeeting(setup, 'acme', 'Rollups one');
    const start = at('2026-10-31T23:40:00Z');
    const events = specs([
      ...openingOf(acmeHost, start),
      { type: 'participant.left', at: start + 30 * 60_000, participant: guestKey, reason: 'hangup' },
      { type: 'room.closed', at: start + 50 * 60_000 },
    ]);
    const shuffled = [...events].sort((a, b) => ((a.at * 7919) % 13) - ((b.at * 7919) % 13));
    for (const part of [shuffled.slice(0, 3), shuffled.slice(3, 7), shuffled.slice(7)]) await apply(setup, first.id, part);
    const [firstSession] = await sessionsOf(setup, acme, first.id);
    expect(firstSession).toBeDefined();
    // A second meeting of acme and one of globex, applied in order.
    const second = await newMeeting(setup, 'acme', 'Rollups two');
    await apply(setup, second.id, specs([...openingOf(acmeHost, at('2026-11-03T09:15:00Z')), { type: 'room.closed', at: at('2026-11-03T10:05:00Z') }]));
    const third = await newMeeting(setup, 'globex', 'Rollups three');
    await apply(setup, third.id, specs([...openingOf(globexHost, at('2026-11-03T09:30:00Z')), { type: 'room.closed', at: at('2026-11-03T11:00:00Z') }]));
    // A meeting still running: read raw, not rolled up.
    const running = await newMeeting(setup, 'acme', 'Rollups running');
    await apply(setup, running.id, openingOf(acmeHost, at('2026-11-24T08:00:00Z')));
    await expectAgreement(setup, acme);

    // Late events of the ended first run: a join before its opening moves its start into the
    // previous hour (October 31st 22:50),
    // and a guest who joined late and never left counts until the end.
    await apply(setup, first.id, specs([
      { type: 'participant.joined', at: start - 50 * 60_000, participant: 'guest-99999999-2222-3333-4444-555555555555', display: 'Early Eve' },
      { type: 'participant.client', at: start - 49 * 60_000, participant: 'guest-99999999-2222-3333-4444-555555555555', client: { os: 'Android', browser: 'Chrome', browserVersion: '131', platform: 'android', network: 'cellular', ip: '127.0.0.1' } },
    ]));
    const moved = await setup.server.database.withTenant(acme, (tx) => tx.select({ startedAt: meetingSessions.startedAt }).from(meetingSessions).where(eq(meetingSessions.id, firstSession!)));
    expect(moved[0]!.startedAt).toEqual(new Date(start - 50 * 60_000));
    await expectAgreement(setup, acme);

    // The second meeting's start moved by hand across a month, and globex's deleted: the rollups follow.
    const [secondSession] = await sessionsOf(setup, acme, second.id);
    await setup.server.database.withTenant(acme, (tx) => tx.update(meetingSessions).set({ startedAt: new Date(at('2026-09-30T22:10:00Z')) }).where(eq(meetingSessions.id, secondSession!)));
    await expectAgreement(setup, acme);
    const [thirdSession] = await sessionsOf(setup, globex, third.id);
    await setup.server.database.withTenant(globex, (tx) => tx.delete(meetingSessions).where(eq(meetingSessions.id, thirdSession!)));
    expect((await rollups(setup, globex)).totals).toEqual([]);

    // The running meeting closes: now it is rolled up.
    await apply(setup, running.id, specs([{ type: 'room.closed', at: at('2026-11-24T09:00:00Z') }]));
    await expectAgreement(setup, acme);
  });

  it('keeps each tenant to its own rollups', async () => {
    const globex = setup.server.ids.tenants.globex;
    const other = await newMeeting(setup, 'globex', 'Rollups of globex');
    await apply(setup, other.id, specs([...openingOf(setup.globexHost, at('2026-11-05T09:30:00Z')), { type: 'room.closed', at: at('2026-11-05T10:00:00Z') }]));
    const seen = await setup.server.database.withTenant(acme, (tx) => tx.select({ tenantId: dashboardTotals.tenantId }).from(dashboardTotals));
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((row) => row.tenantId === acme)).toBe(true);
    expect((await rollups(setup, globex)).totals.length).toBeGreaterThan(0);
  });
});
