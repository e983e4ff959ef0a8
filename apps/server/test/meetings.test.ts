// Scheduling, changing and deleting meetings over real HTTP (spec 'Schedule meetings'): a meeting
// gets a generated 11-digit id and the options of its meeting mode; every validation message of
// spec section 5 is the field's error; one occurrence of a recurring meeting is moved or cancelled
// without touching the others; a role without the kind's permission is 403, and a meeting the
// caller neither hosts nor co-hosts (another member's, another tenant's) is 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformMeetingOptions } from '../src/meetings/options.ts';
import { startTestServer, userEmail, type TestServer, type TestSession } from './harness.ts';
import { addMeeting, signInMeetingPeople, localStart, meetingBody, weeklyBody, type Meeting } from './meetings-fixtures.ts';

let server: TestServer;
let member: TestSession;
let colleague: TestSession;
let globexMember: TestSession;
/** acme's guest, given a custom role with only the open-meeting permissions. */
let openOnly: TestSession;

const classroom = { ...platformMeetingOptions, muteOnEntry: true, screenShare: 'host' as const };
const webinar = { ...platformMeetingOptions, meetingPassword: true, videoOffOnEntry: true };

beforeAll(async () => {
  server = await startTestServer();
  ({ member, colleague, globexMember, guest: openOnly } = await signInMeetingPeople(server));
  const superadmin = await server.login('system', userEmail('system', 'superadmin'));
  const modes = await server.request('system', 'PUT', '/settings/meeting', {
    session: superadmin,
    body: { modes: [{ name: 'Classroom', options: classroom }, { name: 'Webinar', options: webinar }] },
  });
  expect(modes.status, modes.text).toBe(200);
  const tenantAdmin = await server.login('acme', userEmail('acme', 'tenantadmin'));
  const role = await server.request('acme', 'POST', '/roles', {
    session: tenantAdmin,
    body: { name: 'Open rooms', description: 'Open meetings only', permissions: ['meeting.open.get', 'meeting.open.put', 'meeting.open.update', 'meeting.open.delete'] },
  });
  expect(role.status, role.text).toBe(201);
  const guestId = server.ids.users[userEmail('acme', 'guest')]!;
  const assign = await server.request('acme', 'PATCH', `/users/${guestId}`, { session: tenantAdmin, body: { roles: ['Open rooms'] } });
  expect(assign.status, assign.text).toBe(200);
});

afterAll(async () => {
  await server?.close();
});

const post = (body: Record<string, unknown>, session = member, tenant = 'acme') => server.request(tenant, 'POST', '/meetings', { session, body });
const get = (id: string, session = member, tenant = 'acme') => server.request(tenant, 'GET', `/meetings/${id}`, { session });
const patch = (id: string, body: Record<string, unknown>, session = member, tenant = 'acme') => server.request(tenant, 'PATCH', `/meetings/${id}`, { session, body });
const remove = (id: string, occurrence?: string, session = member, tenant = 'acme') =>
  server.request(tenant, 'DELETE', `/meetings/${id}${occurrence ? `?occurrence=${encodeURIComponent(occurrence)}` : ''}`, { session });
const moveOccurrence = (id: string, occurrence: string, body: Record<string, unknown>, session = member) =>
  server.request('acme', 'PUT', `/meetings/${id}/occurrences/${encodeURIComponent(occurrence)}`, { session, body });

/** The member's upcoming occurrences of one meeting, as the list shows them. */
async function occurrencesOf(id: string, session = member) {
  const res = await server.request('acme', 'GET', '/meeting-schedules?limit=100', { session });
  expect(res.status).toBe(200);
  return (res.body.items as { id: string; start: string; end: string; originalStart: string; changed: boolean; topic: string }[]).filter((item) => item.id === id);
}

function expectFieldError(res: { status: number; body: { errors?: { field: string; code: string }[] }; text: string }, field: string, code: string) {
  expect(res.status, res.text).toBe(400);
  expect(res.body.errors).toContainEqual(expect.objectContaining({ field, code }));
}

describe('addMeeting', () => {
  it('schedules a meeting hosted by the caller with a generated 11-digit id and the options of the first meeting mode', async () => {
    const body = meetingBody({ description: 'Agenda in the doc', password: '246810' });
    const meeting = await addMeeting(server, 'acme', member, body);
    expect(meeting.meetingId).toMatch(/^\d{11}$/);
    expect(meeting).toMatchObject({
      kind: 'scheduled',
      topic: 'Project sync',
      start: body.start,
      timeZone: 'Europe/Paris',
      recurrence: null,
      password: '246810',
      meetingMode: 'Classroom',
      options: classroom,
      sequence: 0,
      host: { id: server.ids.users[userEmail('acme', 'member')], email: userEmail('acme', 'member') },
      coHosts: [],
      exceptions: [],
    });
    expect(meeting.joinUrl).toMatch(new RegExp(`/portal/join/${meeting.meetingId}$`));
    const again = await addMeeting(server, 'acme', member, meetingBody());
    expect(again.meetingId).not.toBe(meeting.meetingId);
    expect((await get(meeting.id)).body).toEqual(meeting);
  });

  it('takes the options of the named meeting mode, and what the request gives over them', async () => {
    const named = await addMeeting(server, 'acme', member, meetingBody({ meetingMode: 'Webinar', password: '135791' }));
    expect(named).toMatchObject({ meetingMode: 'Webinar', options: webinar });
    const own = { ...classroom, reactions: false };
    expect((await addMeeting(server, 'acme', member, meetingBody({ options: own }))).options).toEqual(own);
    expectFieldError(await post(meetingBody({ meetingMode: 'Lecture' })), 'meetingMode', 'unknown_meeting_mode');
  });

  it('answers each validation message of the schedule form as the field’s error', async () => {
    const { start: pastStart } = localStart('Europe/Paris', -1);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ topic: '   ' }, 'topic', 'invalid_topic'],
      [{ topic: '' }, 'topic', 'invalid_topic'],
      [{ password: 'abcdef' }, 'password', 'invalid_meeting_password'],
      [{ start: pastStart }, 'start', 'start_in_past'],
      [{ timeZone: 'Mars/Olympus_Mons' }, 'timeZone', 'invalid_time_zone'],
      [{ recurrence: { frequency: 'weekly', interval: 1, weekdays: [], count: 3 } }, 'recurrence.weekdays', 'weekday_required'],
      [{ recurrence: { frequency: 'weekly', interval: 1, count: 3 } }, 'recurrence.weekdays', 'weekday_required'],
      [{ recurrence: { frequency: 'daily', interval: 1, endDate: localStart('Europe/Paris', 1).local.toPlainDate().toString() } }, 'recurrence.endDate', 'end_before_start'],
      [{ meetingMode: 'Webinar' }, 'password', 'password_required'],
      [{ coHostIds: [server.ids.users[userEmail('globex', 'member')]] }, 'coHostIds', 'unknown_user'],
    ];
    for (const [overrides, field, code] of cases) expectFieldError(await post(meetingBody(overrides)), field, code);
  });

  it('refuses a role without the kind’s permission (403) and an anonymous caller (401)', async () => {
    expect((await post(meetingBody(), openOnly)).status).toBe(403);
    expect((await addMeeting(server, 'acme', openOnly, meetingBody({ kind: 'open' }))).kind).toBe('open');
    const superadmin = await server.login('system', userEmail('system', 'superadmin'));
    expect((await post(meetingBody(), superadmin, 'system')).status).toBe(403);
    expect((await server.request('acme', 'POST', '/meetings', { body: meetingBody() })).status).toBe(401);
  });
});

describe('getMeeting', () => {
  it('shows a meeting to its co-host; another member’s and another tenant’s meeting is 404', async () => {
    const colleagueId = server.ids.users[userEmail('acme', 'accountadmin')]!;
    const shared = await addMeeting(server, 'acme', member, meetingBody({ coHostIds: [colleagueId] }));
    expect(shared.coHosts).toEqual([expect.objectContaining({ id: colleagueId, email: userEmail('acme', 'accountadmin') })]);
    expect((await get(shared.id, colleague)).status).toBe(200);
    const mine = await addMeeting(server, 'acme', member, meetingBody());
    expect((await get(mine.id, colleague)).status).toBe(404);
    expect((await get(mine.id, globexMember, 'globex')).status).toBe(404);
  });

  it('is 403 for a co-host whose role lacks the kind’s permission', async () => {
    const shared = await addMeeting(server, 'acme', member, meetingBody({ coHostIds: [server.ids.users[userEmail('acme', 'guest')]] }));
    expect((await get(shared.id, openOnly)).status).toBe(403);
  });
});

describe('updateMeetingSchedule', () => {
  it('moves one occurrence and leaves the others where they were', async () => {
    const meeting = await addMeeting(server, 'acme', member, weeklyBody(4));
    const before = await occurrencesOf(meeting.id);
    expect(before).toHaveLength(4);
    const second = before[1]!;
    const newStart = new Date(Date.parse(second.start) + 26 * 3600_000).toISOString();
    const res = await moveOccurrence(meeting.id, second.originalStart, { start: newStart, topic: 'Moved sync' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.sequence).toBe(1);
    expect(res.body.exceptions).toEqual([{ originalStart: second.originalStart, cancelled: false, start: newStart, durationMinutes: null, topic: 'Moved sync' }]);
    const after = await occurrencesOf(meeting.id);
    expect(after.map((o) => [o.originalStart, o.start, o.changed, o.topic])).toEqual(
      before.map((o) => (o === second ? [o.originalStart, newStart, true, 'Moved sync'] : [o.originalStart, o.start, false, 'Project sync'])),
    );
  });

  it('keeps as the occurrence’s own only what differs from the series, so a later series change still reaches it', async () => {
    const meeting = await addMeeting(server, 'acme', member, weeklyBody(3));
    const second = (await occurrencesOf(meeting.id))[1]!;
    const newStart = new Date(Date.parse(second.start) + 2 * 3600_000).toISOString();
    // The series' own topic and duration sent along with the move are no change of this occurrence.
    const moved = await moveOccurrence(meeting.id, second.originalStart, { start: newStart, topic: 'Project sync', durationMinutes: 30 });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.exceptions).toEqual([{ originalStart: second.originalStart, cancelled: false, start: newStart, durationMinutes: null, topic: null }]);

    expect((await patch(meeting.id, { topic: 'Renamed sync', durationMinutes: 45 })).status).toBe(200);
    const after = await occurrencesOf(meeting.id);
    const movedOne = after.find((o) => o.originalStart === second.originalStart)!;
    expect(movedOne.start).toBe(newStart);
    expect([movedOne.topic, (Date.parse(movedOne.end) - Date.parse(movedOne.start)) / 60_000]).toEqual(['Renamed sync', 45]);

    // An own topic set back to the series' is no longer the occurrence's own.
    expect((await moveOccurrence(meeting.id, second.originalStart, { topic: 'Own topic' })).body.exceptions[0].topic).toBe('Own topic');
    const back = await moveOccurrence(meeting.id, second.originalStart, { topic: 'Renamed sync', durationMinutes: 45 });
    expect(back.body.exceptions).toEqual([{ originalStart: second.originalStart, cancelled: false, start: newStart, durationMinutes: null, topic: null }]);
  });

  it('answers 404 occurrence_not_found for an instant the rule never reaches, 400 not_recurring for a single meeting', async () => {
    const meeting = await addMeeting(server, 'acme', member, weeklyBody(3));
    const notOne = new Date(Date.parse(meeting.start) + 3600_000).toISOString();
    const missing = await moveOccurrence(meeting.id, notOne, { durationMinutes: 45 });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('occurrence_not_found');
    const single = await addMeeting(server, 'acme', member, meetingBody());
    const res = await moveOccurrence(single.id, single.start, { durationMinutes: 45 });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('not_recurring');
  });

  it('answers 400 for a move into the past or a blank topic, 404 for another tenant or member, 403 without the permission', async () => {
    const meeting = await addMeeting(server, 'acme', member, weeklyBody(3, { coHostIds: [server.ids.users[userEmail('acme', 'guest')]] }));
    expectFieldError(await moveOccurrence(meeting.id, meeting.start, { start: localStart('Europe/Paris', -2).start }), 'start', 'start_in_past');
    expectFieldError(await moveOccurrence(meeting.id, meeting.start, { topic: ' ' }), 'topic', 'invalid_topic');
    expect((await moveOccurrence(meeting.id, meeting.start, { durationMinutes: 45 }, colleague)).status).toBe(404);
    const elsewhere = await server.request('globex', 'PUT', `/meetings/${meeting.id}/occurrences/${encodeURIComponent(meeting.start)}`, { session: globexMember, body: { durationMinutes: 45 } });
    expect(elsewhere.status).toBe(404);
    expect((await moveOccurrence(meeting.id, meeting.start, { durationMinutes: 45 }, openOnly)).status).toBe(403);
    expect((await get(meeting.id)).body.exceptions).toEqual([]);
  });
});

describe('updateMeeting', () => {
  it('changes every occurrence, raises the sequence and drops the exceptions the new rule no longer produces', async () => {
    const meeting = await addMeeting(server, 'acme', member, weeklyBody(4));
    const [first, second] = await occurrencesOf(meeting.id);
    expect((await moveOccurrence(meeting.id, second!.originalStart, { durationMinutes: 60 })).status).toBe(200);
    expect((await remove(meeting.id, first!.originalStart)).status).toBe(204);
    expect((await get(meeting.id)).body.exceptions).toHaveLength(2);

    // Another weekday: the second occurrence is gone from the rule; the first start stays (DTSTART always happens).
    const otherDay = meeting.recurrence.weekdays[0] === 'MO' ? 'TU' : 'MO';
    const res = await patch(meeting.id, { topic: 'Renamed sync', recurrence: { ...meeting.recurrence, weekdays: [otherDay] } });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ topic: 'Renamed sync', sequence: meeting.sequence + 3, recurrence: { weekdays: [otherDay], count: 4 } });
    expect(res.body.exceptions).toEqual([expect.objectContaining({ originalStart: first!.originalStart, cancelled: true })]);
    expect((await get(meeting.id)).body.exceptions).toEqual(res.body.exceptions);
    expect((await occurrencesOf(meeting.id)).every((o) => o.topic === 'Renamed sync')).toBe(true);
  });

  it('answers 400 with the field’s error, 404 for another tenant or member, 403 without the permission', async () => {
    const meeting = await addMeeting(server, 'acme', member, meetingBody({ coHostIds: [server.ids.users[userEmail('acme', 'guest')]] }));
    expectFieldError(await patch(meeting.id, { topic: '' }), 'topic', 'invalid_topic');
    expectFieldError(await patch(meeting.id, { start: localStart('Europe/Paris', -1).start }), 'start', 'start_in_past');
    expectFieldError(await patch(meeting.id, { timeZone: 'Europe/Atlantis' }), 'timeZone', 'invalid_time_zone');
    expectFieldError(await patch(meeting.id, { meetingMode: 'Webinar' }), 'password', 'password_required');
    expect((await patch(meeting.id, { topic: 'Nope' }, colleague)).status).toBe(404);
    expect((await patch(meeting.id, { topic: 'Nope' }, globexMember, 'globex')).status).toBe(404);
    expect((await patch(meeting.id, { topic: 'Nope' }, openOnly)).status).toBe(403);
    expect((await get(meeting.id)).body).toMatchObject({ topic: 'Project sync', sequence: 0 });
  });
});

describe('deleteMeeting', () => {
  it('cancels one occurrence: gone from the list, kept as a cancelled exception', async () => {
    const meeting = await addMeeting(server, 'acme', member, weeklyBody(3));
    const [, second] = await occurrencesOf(meeting.id);
    expect((await remove(meeting.id, second!.originalStart)).status).toBe(204);
    expect((await occurrencesOf(meeting.id)).map((o) => o.originalStart)).not.toContain(second!.originalStart);
    expect(await occurrencesOf(meeting.id)).toHaveLength(2);
    const { body } = await get(meeting.id);
    expect(body.exceptions).toEqual([{ originalStart: second!.originalStart, cancelled: true, start: null, durationMinutes: null, topic: null }]);
    expect(body.sequence).toBe(1);
    const notOne = await remove(meeting.id, new Date(Date.parse(second!.originalStart) + 60_000).toISOString());
    expect(notOne.status).toBe(404);
    expect(notOne.body.code).toBe('occurrence_not_found');
  });

  it('deletes every occurrence without one; another tenant’s or member’s meeting is 404, a wrong role 403', async () => {
    const meeting = await addMeeting(server, 'acme', member, weeklyBody(3, { coHostIds: [server.ids.users[userEmail('acme', 'guest')]] }));
    expect((await remove(meeting.id, undefined, globexMember, 'globex')).status).toBe(404);
    expect((await remove(meeting.id, undefined, colleague)).status).toBe(404);
    expect((await remove(meeting.id, undefined, openOnly)).status).toBe(403);
    expect((await get(meeting.id)).status).toBe(200);
    expect((await remove(meeting.id)).status).toBe(204);
    expect((await get(meeting.id)).status).toBe(404);
    expect(await occurrencesOf(meeting.id)).toEqual([]);
    expect((await remove(meeting.id)).status).toBe(404);
  });

  it('answers 400 for an occurrence that is no instant and for one of a single meeting', async () => {
    const single: Meeting = await addMeeting(server, 'acme', member, meetingBody());
    const bad = await remove(single.id, 'next-tuesday');
    expectFieldError(bad, 'occurrence', 'invalid_occurrence');
    const res = await remove(single.id, single.start);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('not_recurring');
  });
});

describe('the audit log', () => {
  it('records scheduling, changing, cancelling one occurrence and deleting a meeting, with its member and masked password', async () => {
    const tenantAdmin = await server.login('acme', userEmail('acme', 'tenantadmin'));
    const meeting = await addMeeting(server, 'acme', member, weeklyBody(3, { topic: 'Audited sync', password: '424242' }));
    expect((await patch(meeting.id, { topic: 'Audited sync (moved)' })).status).toBe(200);
    const [, second] = await occurrencesOf(meeting.id);
    expect((await remove(meeting.id, second!.originalStart)).status).toBe(204);
    expect((await remove(meeting.id)).status).toBe(204);
    const res = await server.request('acme', 'GET', '/audit-log?limit=100&entity=meeting', { session: tenantAdmin });
    expect(res.status, res.text).toBe(200);
    type Entry = { action: string; entityId: string; actor: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null };
    const entries = (res.body.items as Entry[]).filter((entry) => entry.entityId === meeting.id).reverse();
    expect(entries.map((entry) => entry.action)).toEqual(['create', 'update', 'update', 'delete']);
    expect(entries.every((entry) => entry.actor === userEmail('acme', 'member'))).toBe(true);
    expect(entries[0]?.after).toMatchObject({ meetingId: meeting.meetingId, topic: 'Audited sync', kind: 'scheduled' });
    expect(entries[0]?.after?.password).not.toBe('424242');
    expect(entries[1]?.before).toMatchObject({ topic: 'Audited sync' });
    expect(entries[1]?.after).toMatchObject({ topic: 'Audited sync (moved)' });
    expect(entries[2]?.after).toMatchObject({ occurrence: second!.originalStart, occurrenceCancelled: true });
    expect(entries[3]?.before).toMatchObject({ topic: 'Audited sync (moved)' });
    expect(entries[3]?.after).toBeNull();
  });
});
