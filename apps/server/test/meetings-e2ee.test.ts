// End-to-end encrypted meetings (issue 14 section 5): while the tenant's E2EE app is on, new
// meetings are created end-to-end encrypted, with their record mode forced off; switching the app
// off later leaves them as they are; asking such a meeting for a record mode answers 409
// `meeting_end_to_end_encrypted`; its room is opened with require_e2ee and never recorded. The key
// itself never reaches the server (the browser keeps it in the link's fragment): nothing here has one.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTenantPlugin } from '../src/plugins/plugins.ts';
import { recordings } from '../src/kernel/db/schema.ts';
import { refuseIfEncrypted } from '../src/meetings/e2ee.ts';
import { unconfiguredMedia, type MediaPlatform, type RoomSpec } from '../src/media/platform.ts';
import { addMeeting, meetingBody, signInMeetingPeople, type Meeting, type MeetingPeople } from './meetings-fixtures.ts';
import { startTestServer, type TestServer } from './harness.ts';

/** A media platform that only remembers the rooms it was asked to open. */
function recordingMedia(opened: RoomSpec[]): MediaPlatform {
  let next = 1;
  return {
    ...unconfiguredMedia,
    configured: true,
    browser: { serverUrl: 'http://127.0.0.1:1/janus', iceServers: [], turn: null },
    openRoom: (spec) => {
      opened.push(spec);
      return Promise.resolve({ roomId: next++, node: 'test-node' });
    },
    closeRoom: () => Promise.resolve(),
    grant: (room, binding) => Promise.resolve(`r${room.roomId}.${binding ?? 'x'}`),
    revoke: () => Promise.resolve(),
  };
}

describe('end-to-end encrypted meetings', () => {
  let server: TestServer;
  let people: MeetingPeople;
  const opened: RoomSpec[] = [];
  const switchApp = (tenant: 'acme' | 'globex', enabled: boolean) =>
    server.database.withTenant(server.ids.tenants[tenant], (tx) => setTenantPlugin(tx, server.ids.tenants[tenant], 'e2ee', enabled, null));

  beforeAll(async () => {
    server = await startTestServer({ media: recordingMedia(opened) });
    people = await signInMeetingPeople(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('creates clear meetings while the app is off', async () => {
    const meeting = await addMeeting(server, 'acme', people.member, meetingBody({ recordMode: 'audio_only' }));
    expect(meeting).toMatchObject({ endToEndEncrypted: false, recordMode: 'audio_only' });
  });

  let encrypted: Meeting;
  it('creates end-to-end encrypted meetings, never recorded, once the app is on', async () => {
    await switchApp('acme', true);
    encrypted = await addMeeting(server, 'acme', people.member, meetingBody({ topic: 'Secret plans', recordMode: 'audio_and_video' }));
    server.expectMatchesSpec('addMeeting', 201, encrypted);
    expect(encrypted).toMatchObject({ endToEndEncrypted: true, recordMode: null });
    // The link is the plain join link: the key is added by the organiser's browser, never by the server.
    expect(encrypted.joinUrl).toMatch(new RegExp(`/portal/join/${encrypted.meetingId}$`));

    const read = await server.request('acme', 'GET', `/meetings/${encrypted.id}`, { session: people.member });
    expect(read.body.endToEndEncrypted).toBe(true);
    const list = await server.request('acme', 'GET', '/meeting-schedules?q=Secret', { session: people.member });
    expect(list.status, list.text).toBe(200);
    expect(list.body.items).toEqual([expect.objectContaining({ id: encrypted.id, endToEndEncrypted: true })]);
    const info = await server.request('acme', 'GET', `/join/${encrypted.meetingId}`);
    server.expectMatchesSpec('getJoinInfo', 200, info.body);
    expect(info.body.endToEndEncrypted).toBe(true);
  });

  it('says in the invitation that only the full link opens it, and the server never has that link', async () => {
    const res = await server.request('acme', 'GET', `/meetings/${encrypted.id}/invitation-text`, { session: people.member });
    expect(res.status, res.text).toBe(200);
    expect(res.body.text).toContain(encrypted.joinUrl);
    expect(res.body.text).not.toContain(`${encrypted.joinUrl}#`);
    expect(res.body.text).toContain('This meeting is end-to-end encrypted: only its full link, which ends with #key=…, opens it.');
  });

  it("does not change another tenant's meetings", async () => {
    const globex = await addMeeting(server, 'globex', people.globexMember, meetingBody({ recordMode: 'audio_only' }));
    expect(globex).toMatchObject({ endToEndEncrypted: false, recordMode: 'audio_only' });
  });

  it('refuses a record mode for an encrypted meeting with 409, and keeps other changes', async () => {
    const refused = await server.request('acme', 'PATCH', `/meetings/${encrypted.id}`, { session: people.member, body: { recordMode: 'audio_only' } });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.code).toBe('meeting_end_to_end_encrypted');
    const renamed = await server.request('acme', 'PATCH', `/meetings/${encrypted.id}`, { session: people.member, body: { topic: 'Secret plans 2', recordMode: null } });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body).toMatchObject({ topic: 'Secret plans 2', recordMode: null, endToEndEncrypted: true });
  });

  it('answers 400 for bad input, 403 for the wrong role and 404 for another tenant', async () => {
    const bad = await server.request('acme', 'PATCH', `/meetings/${encrypted.id}`, { session: people.member, body: { recordMode: 'everything' } });
    expect(bad.status).toBe(400);
    // The guest role may not schedule at all, encrypted or not.
    const guest = await server.request('acme', 'POST', '/meetings', { session: people.guest, body: meetingBody() });
    expect(guest.status).toBe(403);
    const other = await server.request('globex', 'PATCH', `/meetings/${encrypted.id}`, { session: people.globexMember, body: { recordMode: 'audio_only' } });
    expect(other.status).toBe(404);
    const elsewhere = await server.request('globex', 'GET', `/join/${encrypted.meetingId}`);
    expect(elsewhere.status).toBe(404);
  });

  it('opens its room with require_e2ee and without recording, and records nothing when it ends', async () => {
    const started = await server.request('acme', 'PUT', `/meetings/${encrypted.id}/room`, { session: people.member });
    expect(started.status, started.text).toBe(200);
    expect(opened.at(-1)).toMatchObject({ endToEndEncrypted: true, record: false });
    const grant = await server.request('acme', 'POST', `/join/${encrypted.meetingId}`, { session: people.member, body: {} });
    expect(grant.status, grant.text).toBe(200);
    server.expectMatchesSpec('joinMeeting', 200, grant.body);
    expect(grant.body.endToEndEncrypted).toBe(true);
    expect((await server.request('acme', 'DELETE', `/meetings/${encrypted.id}/room`, { session: people.member })).status).toBe(204);
    const rows = await server.database.withTenant(server.ids.tenants.acme, (tx) => tx.select().from(recordings).where(eq(recordings.meetingId, encrypted.id)));
    expect(rows).toEqual([]);
  });

  it('refuses recording or transcription work for the meeting (refuseIfEncrypted)', async () => {
    await expect(server.database.withTenant(server.ids.tenants.acme, (tx) => refuseIfEncrypted(tx, encrypted.id))).rejects.toMatchObject({
      status: 409,
      code: 'meeting_end_to_end_encrypted',
    });
    await expect(server.database.withTenant(server.ids.tenants.acme, (tx) => refuseIfEncrypted(tx, null))).resolves.toBeUndefined();
  });

  it('keeps existing meetings encrypted once the app is off; new ones are clear again', async () => {
    await switchApp('acme', false);
    const read = await server.request('acme', 'GET', `/meetings/${encrypted.id}`, { session: people.member });
    expect(read.body.endToEndEncrypted).toBe(true);
    const clear = await addMeeting(server, 'acme', people.member, meetingBody({ recordMode: 'audio_only' }));
    expect(clear).toMatchObject({ endToEndEncrypted: false, recordMode: 'audio_only' });
  });
});
