// The member's meeting lists over real HTTP (spec 'Upcoming', 'Past', 'Open'): occurrences are
// expanded on the server in each meeting's zone, so a weekly meeting keeps its local time across a
// daylight-saving change; windows, search and cursor paging hold; nobody sees meetings they
// neither host nor co-host, least of all another tenant's.
import { randomInt } from 'node:crypto';
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meetings } from '../src/kernel/db/schema.ts';
import { applyMediaEvents } from '../src/live/apply.ts';
import type { MediaEvent } from '../src/live/events.ts';
import { platformMeetingOptions } from '../src/meetings/options.ts';
import { startTestServer, userEmail, type TestServer, type TestSession } from './harness.ts';
import { addMeeting, signInMeetingPeople, localStart, meetingBody, wallClock, weekdayCodes, weeklyBody } from './meetings-fixtures.ts';

let server: TestServer;
let member: TestSession;
let colleague: TestSession;
let globexMember: TestSession;
let guest: TestSession;

type Item = { id: string; meetingId: string; topic: string; start: string; end: string; originalStart: string; timeZone: string; recurring: boolean };

beforeAll(async () => {
  server = await startTestServer();
  ({ member, colleague, globexMember, guest } = await signInMeetingPeople(server));
});

afterAll(async () => {
  await server?.close();
});

const list = async (path: string, session = member, tenant = 'acme') => {
  const res = await server.request(tenant, 'GET', path, { session });
  expect(res.status, res.text).toBe(200);
  return res.body.items as Item[];
};

/** Every page of a list, following nextCursor. */
async function allPages(path: string, limit: number, session = member) {
  const items: Item[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const separator = path.includes('?') ? '&' : '?';
    const res = await server.request('acme', 'GET', `${path}${separator}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { session });
    expect(res.status, res.text).toBe(200);
    expect(res.body.items.length).toBeLessThanOrEqual(limit);
    items.push(...res.body.items);
    cursor = res.body.nextCursor;
    pages += 1;
  } while (cursor && pages < 50);
  return { items, pages };
}

/** A start in `zone`, 09:30 local, one to two weeks before its next daylight-saving change, and that change. */
function beforeDstChange(zone: string) {
  let transition = Temporal.Now.zonedDateTimeISO(zone).getTimeZoneTransition('next')!;
  while (Temporal.Duration.compare(Temporal.Now.zonedDateTimeISO(zone).until(transition), { hours: 24 * 8 }) < 0) transition = transition.getTimeZoneTransition('next')!;
  const local = transition.toPlainDate().subtract({ days: 8 }).toZonedDateTime({ timeZone: zone, plainTime: Temporal.PlainTime.from('09:30') });
  return { start: new Date(local.epochMilliseconds).toISOString(), weekday: weekdayCodes[local.dayOfWeek - 1]!, transition: new Date(transition.epochMilliseconds) };
}

/** A meeting that is already over (the API refuses past starts), written straight to the database. */
async function insertPastMeeting(
  hostEmail: string,
  topic: string,
  startsAt: Date,
  { rrule = null, endsAt = new Date(startsAt.getTime() + 30 * 60_000), kind = 'scheduled' }: { rrule?: string | null; endsAt?: Date; kind?: 'scheduled' | 'open' } = {},
) {
  const [row] = await server.database.withTenant(server.ids.tenants.acme, (tx) =>
    tx
      .insert(meetings)
      .values({
        tenantId: server.ids.tenants.acme,
        code: String(randomInt(10_000_000_000, 100_000_000_000)),
        kind,
        hostId: server.ids.users[hostEmail]!,
        topic,
        startsAt,
        durationMinutes: 30,
        timeZone: 'Europe/Paris',
        rrule,
        endsAt,
        options: platformMeetingOptions,
      })
      .returning(),
  );
  return row!;
}

describe('getMeetingSchedules', () => {
  it('keeps a weekly meeting at its local time across the daylight-saving change of its zone', async () => {
    for (const zone of ['Europe/Paris', 'America/New_York']) {
      const { start, weekday, transition } = beforeDstChange(zone);
      const meeting = await addMeeting(server, 'acme', member, meetingBody({ topic: `Standup ${zone}`, start, timeZone: zone, recurrence: { frequency: 'weekly', interval: 1, weekdays: [weekday], count: 4 } }));
      const from = new Date(Date.parse(start) - 60_000).toISOString();
      const items = (await list(`/meeting-schedules?from=${encodeURIComponent(from)}&limit=100`)).filter((item) => item.id === meeting.id);
      expect(items).toHaveLength(4);
      expect(items.map((item) => wallClock(item.start, zone))).toEqual(['09:30', '09:30', '09:30', '09:30']);
      // The change falls between the occurrences: the same local time is another UTC time after it.
      const utcTimes = new Set(items.map((item) => item.start.slice(11, 16)));
      expect(utcTimes.size).toBe(2);
      expect(items.filter((item) => Date.parse(item.start) > transition.getTime()).length).toBeGreaterThan(0);
      expect(items.every((item) => item.timeZone === zone && item.recurring)).toBe(true);
    }
  });

  it('lists only the occurrences that overlap the asked window', async () => {
    const meeting = await addMeeting(server, 'acme', member, weeklyBody(5, { topic: 'Window weekly' }, 'Europe/Paris', 10));
    const all = (await list('/meeting-schedules?q=Window%20weekly&limit=100')).map((item) => item.start);
    expect(all).toHaveLength(5);
    const from = new Date(Date.parse(all[1]!) - 60_000).toISOString();
    const to = new Date(Date.parse(all[3]!)).toISOString();
    const inWindow = await list(`/meeting-schedules?q=Window%20weekly&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`);
    expect(inWindow.map((item) => item.start)).toEqual([all[1], all[2]]);
    expect(inWindow.every((item) => item.id === meeting.id)).toBe(true);
    // The default window is 90 days: a meeting after it is not listed yet.
    await addMeeting(server, 'acme', member, meetingBody({ topic: 'Far away', start: localStart('Europe/Paris', 120).start }));
    expect(await list('/meeting-schedules?q=Far%20away')).toEqual([]);
  });

  it('pages with the cursor through each occurrence exactly once, in start order', async () => {
    await addMeeting(server, 'acme', member, weeklyBody(3, { topic: 'Paged A' }, 'Europe/Paris', 20));
    await addMeeting(server, 'acme', member, weeklyBody(3, { topic: 'Paged B' }, 'Europe/Paris', 20));
    await addMeeting(server, 'acme', member, meetingBody({ topic: 'Paged C', start: localStart('Europe/Paris', 27).start }));
    const whole = await list('/meeting-schedules?q=Paged&limit=100');
    expect(whole).toHaveLength(7);
    const { items, pages } = await allPages('/meeting-schedules?q=Paged', 2);
    expect(pages).toBe(4);
    expect(items.map((item) => `${item.id}@${item.originalStart}`)).toEqual(whole.map((item) => `${item.id}@${item.originalStart}`));
    expect(new Set(items.map((item) => `${item.id}@${item.originalStart}`)).size).toBe(7);
    const starts = items.map((item) => Date.parse(item.start));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });

  it('searches by topic and by meeting id', async () => {
    const meeting = await addMeeting(server, 'acme', member, meetingBody({ topic: 'Quarterly budget review' }));
    expect((await list('/meeting-schedules?q=budget')).map((item) => item.id)).toEqual([meeting.id]);
    expect((await list(`/meeting-schedules?q=${meeting.meetingId}`)).map((item) => item.id)).toEqual([meeting.id]);
    expect(await list('/meeting-schedules?q=no-such-topic')).toEqual([]);
  });

  it('shows the host’s and co-hosts’ meetings only, never another member’s or another tenant’s', async () => {
    const colleagueId = server.ids.users[userEmail('acme', 'accountadmin')]!;
    const shared = await addMeeting(server, 'acme', member, meetingBody({ topic: 'Visibility shared', coHostIds: [colleagueId] }));
    const own = await addMeeting(server, 'acme', member, meetingBody({ topic: 'Visibility own' }));
    const theirs = await addMeeting(server, 'acme', colleague, meetingBody({ topic: 'Visibility theirs' }));
    const globex = await addMeeting(server, 'globex', globexMember, meetingBody({ topic: 'Visibility globex' }));
    const ids = (items: Item[]) => items.map((item) => item.id).sort();
    expect(ids(await list('/meeting-schedules?q=Visibility'))).toEqual([shared.id, own.id].sort());
    expect(ids(await list('/meeting-schedules?q=Visibility', colleague))).toEqual([shared.id, theirs.id].sort());
    expect(ids(await list('/meeting-schedules?q=Visibility', globexMember, 'globex'))).toEqual([globex.id]);
  });

  it('answers 400 for a window that ends before it starts or a cursor it never gave, 403 without the permission, 401 anonymous', async () => {
    const from = localStart('Europe/Paris', 5).start;
    const to = localStart('Europe/Paris', 4).start;
    const backwards = await server.request('acme', 'GET', `/meeting-schedules?from=${from}&to=${to}`, { session: member });
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors[0]).toMatchObject({ field: 'to', code: 'end_before_start' });
    const badFrom = await server.request('acme', 'GET', '/meeting-schedules?from=tomorrow', { session: member });
    expect(badFrom.status).toBe(400);
    expect(badFrom.body.errors[0]).toMatchObject({ field: 'from', code: 'invalid_from' });
    const cursor = await server.request('acme', 'GET', '/meeting-schedules?cursor=nonsense', { session: member });
    expect(cursor.status).toBe(400);
    expect(cursor.body.errors[0]).toMatchObject({ field: 'cursor', code: 'invalid_cursor' });
    expect((await server.request('acme', 'GET', '/meeting-schedules', { session: guest })).status).toBe(403);
    expect((await server.request('acme', 'GET', '/meeting-schedules')).status).toBe(401);
  });
});

describe('userCompletedMeetings', () => {
  /** A run of a meeting as the media platform reports it: opened, these people joined, closed. */
  async function ran(meetingId: string, startsAt: number, people: string[], { close = true, prefix = `${meetingId}-${startsAt}` } = {}) {
    const events = [
      { type: 'room.opened', at: startsAt },
      ...people.map((participant, i) => ({ type: 'participant.joined', at: startsAt + 1000 * (i + 1), participant, display: participant })),
      ...(close ? [{ type: 'room.closed', at: startsAt + 30 * 60_000 }] : []),
    ].map((event, i) => ({ ...event, key: `${prefix}-${i}`, node: 'janus-1', meetingId }) as MediaEvent);
    await applyMediaEvents(server.database, 'media', events);
  }

  it('lists the meeting runs I hosted or attended that ended in the date range, newest first, with cursor paging', async () => {
    const day = 24 * 3600_000;
    const now = Date.now();
    const me = server.ids.users[userEmail('acme', 'member')]!;
    const colleagueId = server.ids.users[userEmail('acme', 'accountadmin')]!;
    const single = await insertPastMeeting(userEmail('acme', 'member'), 'Retro past', new Date(now - 3 * day));
    const daily = await insertPastMeeting(userEmail('acme', 'member'), 'Daily past', new Date(now - 4 * day), { rrule: 'FREQ=DAILY;INTERVAL=1;COUNT=3', endsAt: new Date(now - 2 * day + 30 * 60_000) });
    const theirs = await insertPastMeeting(userEmail('acme', 'accountadmin'), 'Colleague past', new Date(now - 3 * day));
    const unattended = await insertPastMeeting(userEmail('acme', 'accountadmin'), 'Not mine', new Date(now - 3 * day));
    const running = await insertPastMeeting(userEmail('acme', 'member'), 'Retro running', new Date(now - 3600_000));
    await ran(single.id, now - 3 * day, [me]);
    // The daily meeting ran twice of its three dates (nobody came on the middle one).
    await ran(daily.id, now - 4 * day, [me]);
    await ran(daily.id, now - 2 * day, [me]);
    // I attended the colleague's meeting; the other one ran without me.
    await ran(theirs.id, now - 3 * day + 60_000, [colleagueId, me]);
    await ran(unattended.id, now - 3 * day, [colleagueId]);
    await ran(running.id, now - 3600_000, [me], { close: false });
    const items = await list('/meetings/past?limit=100');
    expect(items.map((item) => [item.id, item.start])).toEqual([
      [daily.id, new Date(now - 2 * day).toISOString()],
      [theirs.id, new Date(now - 3 * day + 60_000).toISOString()],
      [single.id, new Date(now - 3 * day).toISOString()],
      [daily.id, new Date(now - 4 * day).toISOString()],
    ]);
    expect(items[0]).toMatchObject({ topic: 'Daily past', recurring: true, end: new Date(now - 2 * day + 30 * 60_000).toISOString(), meetingId: daily.code });
    const { items: paged } = await allPages('/meetings/past', 3);
    expect(paged.map((item) => `${item.id}@${item.originalStart}`)).toEqual(items.map((item) => `${item.id}@${item.originalStart}`));
    const twoDaysAgo = new Date(now - 2 * day).toISOString().slice(0, 10);
    expect((await list(`/meetings/past?from=${twoDaysAgo}&to=${twoDaysAgo}`)).map((item) => item.id)).toEqual([daily.id]);
    expect((await list('/meetings/past?q=Retro')).map((item) => item.id)).toEqual([single.id]);
    // Another tenant's member sees none of it.
    expect((await list('/meetings/past?limit=100', globexMember, 'globex')).map((item) => item.id)).not.toContain(single.id);
  });

  it('answers 400 end_before_start for a range that ends before it starts, 403 without the permission', async () => {
    const res = await server.request('acme', 'GET', '/meetings/past?from=2026-03-10&to=2026-03-01', { session: member });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ field: 'to', code: 'end_before_start' });
    const bad = await server.request('acme', 'GET', '/meetings/past?from=March', { session: member });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ field: 'from', code: 'invalid_from' });
    expect((await server.request('acme', 'GET', '/meetings/past', { session: guest })).status).toBe(403);
  });
});

describe('getMeetings', () => {
  it('lists the caller’s open meetings that have not ended, newest first, searchable and paged', async () => {
    const first = await addMeeting(server, 'acme', member, meetingBody({ kind: 'open', topic: 'Drop-in desk' }));
    const second = await addMeeting(server, 'acme', member, meetingBody({ kind: 'open', topic: 'Office hours' }));
    const scheduled = await addMeeting(server, 'acme', member, meetingBody({ topic: 'Not open' }));
    await insertPastMeeting(userEmail('acme', 'member'), 'Closed desk', new Date(Date.now() - 3 * 24 * 3600_000), { kind: 'open' });
    await addMeeting(server, 'acme', colleague, meetingBody({ kind: 'open', topic: 'Colleague desk' }));
    await addMeeting(server, 'globex', globexMember, meetingBody({ kind: 'open', topic: 'Globex desk' }));
    const items = await list('/meetings');
    expect(items.map((item) => item.id)).toEqual([second.id, first.id]);
    expect(items.map((item) => item.id)).not.toContain(scheduled.id);
    expect((await list('/meetings?q=drop-in')).map((item) => item.id)).toEqual([first.id]);
    expect((await list(`/meetings?q=${second.meetingId}`)).map((item) => item.id)).toEqual([second.id]);
    const { items: paged, pages } = await allPages('/meetings', 1);
    expect(pages).toBe(2);
    expect(paged.map((item) => item.id)).toEqual([second.id, first.id]);
  });

  it('answers 403 without the permission and 401 anonymous', async () => {
    expect((await server.request('acme', 'GET', '/meetings', { session: guest })).status).toBe(403);
    expect((await server.request('acme', 'GET', '/meetings')).status).toBe(401);
  });
});
