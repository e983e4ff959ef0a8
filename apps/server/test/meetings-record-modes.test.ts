// Record modes the platform switched off (recording settings) and autoRecord, over real HTTP with a
// stand-in media server that notes how each room was opened: getMeetingModes tells the forms the
// enabled modes; a disabled mode is refused (400 `record_mode_disabled` on recordMode) when a meeting
// or the personal meeting is given it, yet a meeting that had it keeps it and is then not recorded;
// autoRecord records from the start in the first enabled mode; nothing records while recording is
// switched off. Wrong role 403, another tenant's meeting 404.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { meetingRooms, recordings } from '../src/kernel/db/schema.ts';
import type { RoomSpec } from '../src/media/platform.ts';
import { platformMeetingOptions } from '../src/meetings/options.ts';
import { allRecordModes, roomRecordMode } from '../src/meetings/recording-policy.ts';
import { startTestServer, userEmail, type TestServer, type TestSession } from './harness.ts';
import { standInMedia } from './media-stand-in.ts';
import { addMeeting, meetingBody, signInMeetingPeople } from './meetings-fixtures.ts';

let nextRoom = 1;
const opened: RoomSpec[] = [];
const media = standInMedia({
  openRoom: async (spec) => {
    opened.push(spec);
    return { roomId: nextRoom++, node: 'janus-test' };
  },
});

let server: TestServer;
let member: TestSession;
let globexMember: TestSession;
let guest: TestSession;
let superadmin: TestSession;
const acme = () => server.ids.tenants.acme;

beforeAll(async () => {
  server = await startTestServer({ media });
  ({ member, globexMember, guest } = await signInMeetingPeople(server));
  superadmin = await server.login('system', userEmail('system', 'superadmin'));
});

afterAll(async () => {
  await server?.close();
});

async function enableModes(modes: string[] | null) {
  // null: every mode, as before the settings were first saved.
  const res = await server.request('system', 'PUT', '/settings/recording', { session: superadmin, body: { modes: modes ?? [...allRecordModes], autoDeleteDays: null, allowedAddress: null } });
  expect(res.status, res.text).toBe(200);
}

const patch = (id: string, body: Record<string, unknown>, session = member, tenant = 'acme') => server.request(tenant, 'PATCH', `/meetings/${id}`, { session, body });

function expectRefused(res: { status: number; body: { code?: string; errors?: { field: string; code: string }[] }; text: string }) {
  expect(res.status, res.text).toBe(400);
  expect(res.body.code).toBe('validation_failed');
  expect(res.body.errors).toEqual([expect.objectContaining({ field: 'recordMode', code: 'record_mode_disabled' })]);
}

/** Starts and ends the meeting's room: how it was opened, the mode it kept, and the recording it queued. */
async function runRoom(id: string) {
  const before = opened.length;
  const countRecordings = async () => (await server.database.withTenant(acme(), (tx) => tx.select().from(recordings).where(eq(recordings.meetingId, id)))).length;
  const recordedBefore = await countRecordings();
  const started = await server.request('acme', 'PUT', `/meetings/${id}/room`, { session: member });
  expect(started.status, started.text).toBe(200);
  const [room] = await server.database.withTenant(acme(), (tx) => tx.select().from(meetingRooms).where(eq(meetingRooms.meetingId, id)));
  const ended = await server.request('acme', 'DELETE', `/meetings/${id}/room`, { session: member });
  expect(ended.status, ended.text).toBe(204);
  expect(opened.length).toBe(before + 1);
  return { record: opened.at(-1)!.record, recordMode: room!.recordMode, recordings: (await countRecordings()) - recordedBefore };
}

describe('getMeetingModes recordModes', () => {
  it('answers every mode before the recording settings are saved, then only the enabled ones, in order', async () => {
    const first = await server.request('acme', 'GET', '/meeting-modes', { session: member });
    expect(first.status, first.text).toBe(200);
    expect(first.body.recordModes).toEqual(allRecordModes);
    await enableModes(['audio_only', 'host_with_screen_share']);
    const res = await server.request('acme', 'GET', '/meeting-modes', { session: member });
    expect(res.body.recordModes).toEqual(['host_with_screen_share', 'audio_only']);
    await enableModes([]);
    expect((await server.request('acme', 'GET', '/meeting-modes', { session: member })).body.recordModes).toEqual([]);
    await enableModes(null);
  });

  it('is 403 for a role with no meeting form', async () => {
    const res = await server.request('acme', 'GET', '/meeting-modes', { session: guest });
    expect(res.status, res.text).toBe(403);
  });
});

describe('a disabled record mode', () => {
  beforeEach(async () => {
    await enableModes(null);
  });

  it('is refused on addMeeting and updateMeeting, and an enabled one is taken', async () => {
    await enableModes(['audio_and_video']);
    expectRefused(await server.request('acme', 'POST', '/meetings', { session: member, body: meetingBody({ recordMode: 'audio_only' }) }));
    const meeting = await addMeeting(server, 'acme', member, meetingBody({ recordMode: 'audio_and_video' }));
    expect(meeting.recordMode).toBe('audio_and_video');
    expectRefused(await patch(meeting.id, { recordMode: 'gallery_with_screen_share' }));
    const cleared = await patch(meeting.id, { recordMode: null });
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body.recordMode).toBeNull();
  });

  it('is kept by a meeting that had it, which other changes leave alone, and the room does not record in it', async () => {
    const meeting = await addMeeting(server, 'acme', member, meetingBody({ recordMode: 'audio_only', options: platformMeetingOptions }));
    await enableModes(['audio_and_video']);
    const renamed = await patch(meeting.id, { topic: 'Renamed', recordMode: 'audio_only' });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body.recordMode).toBe('audio_only');
    expect(await runRoom(meeting.id)).toEqual({ record: false, recordMode: null, recordings: 0 });
  });

  it('is refused on savePersonalMeeting unless the personal meeting had it', async () => {
    const room = { meetingId: '4155550199', topic: 'My room', password: '123456', joinMode: 'waiting_for_host', recordMode: 'audio_only', phoneBridge: false };
    const created = await server.request('acme', 'PUT', '/me/personal-meeting', { session: member, body: room });
    expect(created.status, created.text).toBe(200);
    await enableModes(['audio_and_video']);
    expectRefused(await server.request('acme', 'PUT', '/me/personal-meeting', { session: member, body: { ...room, recordMode: 'gallery_with_screen_share' } }));
    const kept = await server.request('acme', 'PUT', '/me/personal-meeting', { session: member, body: { ...room, topic: 'Still mine' } });
    expect(kept.status, kept.text).toBe(200);
    expect(kept.body.recordMode).toBe('audio_only');
  });

  it('is 404 on another tenant’s meeting and 403 for a role that may not schedule', async () => {
    const meeting = await addMeeting(server, 'acme', member, meetingBody());
    expect((await patch(meeting.id, { recordMode: 'audio_only' }, globexMember, 'globex')).status).toBe(404);
    expect((await server.request('acme', 'POST', '/meetings', { session: guest, body: meetingBody({ recordMode: 'audio_only' }) })).status).toBe(403);
  });
});

describe('recording when the room opens', () => {
  beforeEach(async () => {
    await enableModes(null);
  });

  it('records a meeting with a record mode from the start, as before, and converts it in that mode', async () => {
    const meeting = await addMeeting(server, 'acme', member, meetingBody({ recordMode: 'audio_only', options: platformMeetingOptions }));
    expect(await runRoom(meeting.id)).toEqual({ record: true, recordMode: 'audio_only', recordings: 1 });
  });

  it('does not record a meeting without a record mode and without autoRecord', async () => {
    const meeting = await addMeeting(server, 'acme', member, meetingBody({ options: platformMeetingOptions }));
    expect(await runRoom(meeting.id)).toEqual({ record: false, recordMode: null, recordings: 0 });
  });

  it('records an autoRecord meeting from the start in the first enabled mode, and not while recording is switched off', async () => {
    const meeting = await addMeeting(server, 'acme', member, meetingBody({ options: { ...platformMeetingOptions, autoRecord: true } }));
    await enableModes(['audio_and_video', 'audio_and_screen_share']);
    expect(await runRoom(meeting.id)).toEqual({ record: true, recordMode: 'audio_and_video', recordings: 1 });
    await enableModes([]);
    expect(await runRoom(meeting.id)).toEqual({ record: false, recordMode: null, recordings: 0 });
  });
});

describe('roomRecordMode', () => {
  const meeting = (recordMode: string | null, autoRecord = false, endToEndEncrypted = false) => ({ recordMode, options: { autoRecord }, endToEndEncrypted });
  it('follows the record mode while enabled, else autoRecord’s first enabled mode, never when encrypted', () => {
    expect(roomRecordMode(meeting('audio_only'), allRecordModes)).toBe('audio_only');
    expect(roomRecordMode(meeting('audio_only'), ['audio_and_video'])).toBeNull();
    expect(roomRecordMode(meeting('audio_only', true), ['audio_and_video'])).toBe('audio_and_video');
    expect(roomRecordMode(meeting(null, true), [])).toBeNull();
    expect(roomRecordMode(meeting('audio_only', true, true), allRecordModes)).toBeNull();
    expect(roomRecordMode(meeting(null), allRecordModes)).toBeNull();
  });
});
