// Running meetings over real HTTP, on a real Janus (local, 127.0.0.1 only): the host starts the
// meeting and its room exists on the media server; guests join by meeting id with the password
// and get a grant that opens Janus; a wrong password, a meeting not started, signed-in-only and
// locked meetings are refused by the server; ending the meeting closes the room and its grants.
// Without any media server the portal still answers, and joining says `media_unavailable`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meetingParticipants, meetingSessions } from '../src/kernel/db/schema.ts';
import { grantLifetimeMs, sweepExpiredGrants } from '../src/meetings/grants.ts';
import { platformMeetingOptions } from '../src/meetings/options.ts';
import { findJanusBinary, startLocalJanus } from '../src/media/local-janus.ts';
import type { MediaPlatform } from '../src/media/platform.ts';
import { startTestServer, userEmail, type TestServer, type TestSession } from './harness.ts';

const janusBinary = findJanusBinary();
if (!janusBinary) console.warn('meeting-rooms.test.ts: the Janus part is skipped, the `janus` binary is not installed (apt-get install --no-install-recommends janus)');

type Meeting = { id: string; meetingId: string };

async function addMeeting(server: TestServer, session: TestSession, overrides: Record<string, unknown> = {}): Promise<Meeting> {
  const start = new Date(Date.now() + 86_400_000).toISOString();
  const body = { kind: 'scheduled', topic: 'Design review', start, durationMinutes: 30, timeZone: 'Europe/Paris', password: '246810', options: platformMeetingOptions, ...overrides };
  const res = await server.request('acme', 'POST', '/meetings', { session, body });
  expect(res.status, res.text).toBe(201);
  return res.body as Meeting;
}

const join = (server: TestServer, code: string, body: Record<string, unknown>, session?: TestSession, tenant = 'acme') =>
  server.request(tenant, 'POST', `/join/${code}`, { body, ...(session ? { session } : {}) });

describe.skipIf(!janusBinary)('meetings on a real Janus', () => {
  let dir: string;
  let media: MediaPlatform;
  let server: TestServer;
  let host: TestSession;
  let colleague: TestSession;
  let meeting: Meeting;

  /** Creates a Janus session with this token, as janus.js does first. */
  const janusAccepts = async (token: string) => {
    const reply = await fetch(media.browser.serverUrl, { method: 'POST', body: JSON.stringify({ janus: 'create', transaction: 't', token }) });
    return ((await reply.json()) as { janus: string }).janus === 'success';
  };
  const roomIds = async () => (await media.listRooms()).map((room) => room.roomId);

  beforeAll(async () => {
    dir = mkdtempSync(joinPath(tmpdir(), 'portal-janus-'));
    media = await startLocalJanus({ dir, iceEnforceList: 'lo' });
    server = await startTestServer({ media });
    host = await server.login('acme', userEmail('acme', 'member'));
    colleague = await server.login('acme', userEmail('acme', 'accountadmin'));
    meeting = await addMeeting(server, host);
  });

  afterAll(async () => {
    await server?.close(); // closes the media platform, which stops Janus
    rmSync(dir, { recursive: true, force: true });
  });

  it('shows the join page what it needs before the meeting starts', async () => {
    const res = await server.request('acme', 'GET', `/join/${meeting.meetingId}`);
    expect(res.status, res.text).toBe(200);
    server.expectMatchesSpec('getJoinInfo', 200, res.body);
    expect(res.body).toMatchObject({ code: meeting.meetingId, topic: 'Design review', passwordRequired: true, signedInOnly: false, started: false, mediaAvailable: true });
  });

  it('refuses a wrong password, then makes a guest wait for the host', async () => {
    const wrong = await join(server, meeting.meetingId, { name: 'Ann Guest', password: '111111' });
    expect(wrong.status, wrong.text).toBe(403);
    expect(wrong.body.code).toBe('wrong_meeting_password');
    expect((await join(server, meeting.meetingId, { name: 'Ann Guest' })).body.code).toBe('wrong_meeting_password');

    const early = await join(server, meeting.meetingId, { name: 'Ann Guest', password: '246810' });
    expect(early.status, early.text).toBe(409);
    expect(early.body.code).toBe('waiting_for_host');
  });

  it('asks a guest for a name', async () => {
    const res = await join(server, meeting.meetingId, { password: '246810' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([expect.objectContaining({ field: 'name', code: 'required' })]);
  });

  it('lets only the host or a co-host start it, and opens its room on Janus', async () => {
    expect((await server.request('acme', 'PUT', `/meetings/${meeting.id}/room`, { session: colleague })).status).toBe(404);
    const res = await server.request('acme', 'PUT', `/meetings/${meeting.id}/room`, { session: host });
    expect(res.status, res.text).toBe(200);
    server.expectMatchesSpec('startMeeting', 200, res.body);
    expect(res.body).toMatchObject({ meetingId: meeting.id, code: meeting.meetingId });
    expect(res.body.joinUrl).toMatch(new RegExp(`/portal/join/${meeting.meetingId}$`));
    // Starting again answers the same room.
    const again = await server.request('acme', 'PUT', `/meetings/${meeting.id}/room`, { session: host });
    expect(again.body.startedAt).toBe(res.body.startedAt);
    const rooms = await media.listRooms();
    expect(rooms.filter((room) => room.label === `meeting ${meeting.meetingId}`)).toEqual([
      expect.objectContaining({ pinRequired: true, record: false, participants: 0 }),
    ]);
  });

  it('hands a guest a grant into the room, and the host theirs', async () => {
    const res = await join(server, meeting.meetingId, { name: 'Ann Guest', password: '246810' });
    expect(res.status, res.text).toBe(200);
    server.expectMatchesSpec('joinMeeting', 200, res.body);
    const grant = res.body;
    expect(grant).toMatchObject({
      code: meeting.meetingId,
      topic: 'Design review',
      serverUrl: media.browser.serverUrl,
      pin: '246810',
      display: 'Ann Guest',
      role: 'participant',
      iceServers: [],
      muteOnEntry: false,
      videoOffOnEntry: false,
      // The platform's default options let only the host share a screen.
      screenShare: false,
    });
    expect(grant.serverUrl).toMatch(/^http:\/\/127\.0\.0\.1:/);
    expect(grant.opaqueId).toMatch(new RegExp(`^meeting:${meeting.id}/participant:guest-[0-9a-f-]{36}$`));
    expect(await roomIds()).toContain(grant.roomId);
    expect(grant.token.startsWith(`r${grant.roomId}.`)).toBe(true);
    expect(await janusAccepts(grant.token)).toBe(true);
    expect(await janusAccepts('made-up-token')).toBe(false);

    const hostGrant = await join(server, meeting.meetingId, {}, host);
    expect(hostGrant.status, hostGrant.text).toBe(200);
    expect(hostGrant.body).toMatchObject({ role: 'host', roomId: grant.roomId, opaqueId: `meeting:${meeting.id}/participant:${server.ids.users[userEmail('acme', 'member')]}` });
    expect(hostGrant.body.display).not.toBe('');
  });

  it('revokes on Janus a grant nobody used within its lifetime, and keeps one a connected client uses', async () => {
    const unused = (await join(server, meeting.meetingId, { name: 'Una Guest', password: '246810' })).body;
    const used = (await join(server, meeting.meetingId, { name: 'Uri Guest', password: '246810' })).body;
    // Uri's client connects as janus.js does: a session, and a handle attached with the grant's token.
    const janus = async (path: string, body: Record<string, unknown>) => {
      const reply = await fetch(`${used.serverUrl}${path}`, { method: 'POST', body: JSON.stringify({ transaction: 't', token: used.token, ...body }) });
      return (await reply.json()) as { janus: string; data?: { id: number } };
    };
    const session = (await janus('', { janus: 'create' })).data!.id;
    expect((await janus(`/${session}`, { janus: 'attach', plugin: 'janus.plugin.videoroom', opaque_id: used.opaqueId })).janus).toBe('success');
    const later = new Date(Date.now() + grantLifetimeMs + 60_000);
    const log = { info: () => {}, warn: () => {}, error: () => {} };
    await sweepExpiredGrants(server.app, { now: later, log });
    expect(await janusAccepts(unused.token)).toBe(false);
    expect(await janusAccepts(used.token)).toBe(true);
    await janus(`/${session}`, { janus: 'destroy' });
  });

  it("does not find another tenant's meeting", async () => {
    const res = await join(server, meeting.meetingId, { name: 'Ann Guest', password: '246810' }, undefined, 'globex');
    expect(res.status).toBe(404);
  });

  it('ends the meeting: the room and every grant into it are gone', async () => {
    const grant = (await join(server, meeting.meetingId, { name: 'Bob Guest', password: '246810' })).body;
    expect((await server.request('acme', 'DELETE', `/meetings/${meeting.id}/room`, { session: colleague })).status).toBe(404);
    const res = await server.request('acme', 'DELETE', `/meetings/${meeting.id}/room`, { session: host });
    expect(res.status, res.text).toBe(204);
    expect(await roomIds()).not.toContain(grant.roomId);
    expect(await janusAccepts(grant.token)).toBe(false);
    expect((await join(server, meeting.meetingId, { name: 'Bob Guest', password: '246810' })).body.code).toBe('waiting_for_host');
    expect((await server.request('acme', 'DELETE', `/meetings/${meeting.id}/room`, { session: host })).status).toBe(204);
  });

  it('records the run of a meeting as it starts, records and ends (room opened, recording, closed)', async () => {
    const recorded = await addMeeting(server, host, { topic: 'Recorded review', recordMode: 'audio_and_video' });
    const started = await server.request('acme', 'PUT', `/meetings/${recorded.id}/room`, { session: host });
    expect(started.status, started.text).toBe(200);
    const sessionsOf = () =>
      server.database.withTenant(server.ids.tenants.acme, (tx) => tx.select().from(meetingSessions).where(eq(meetingSessions.meetingId, recorded.id)));
    const [running] = await sessionsOf();
    expect(running).toMatchObject({ topic: 'Recorded review', node: 'portal-local-janus', source: 'media', recording: true, endedAt: null, startedAt: new Date(started.body.startedAt) });
    // Starting again opens nothing new.
    await server.request('acme', 'PUT', `/meetings/${recorded.id}/room`, { session: host });
    expect(await sessionsOf()).toHaveLength(1);
    expect((await server.request('acme', 'DELETE', `/meetings/${recorded.id}/room`, { session: host })).status).toBe(204);
    const [ended] = await sessionsOf();
    expect(ended!.id).toBe(running!.id);
    expect(ended!.endedAt).toBeInstanceOf(Date);
    expect(ended!.endedAt!.getTime()).toBeGreaterThanOrEqual(running!.startedAt.getTime());
  });

  it('takes the client a participant reports with their grant, and refuses any other grant', async () => {
    const reported = await addMeeting(server, host, { topic: 'Client report' });
    const guest = await join(server, reported.meetingId, { name: 'Cleo Guest', password: '246810' });
    expect(guest.status).toBe(409);
    expect((await server.request('acme', 'PUT', `/meetings/${reported.id}/room`, { session: host })).status).toBe(200);
    const grant = (await join(server, reported.meetingId, { name: 'Cleo Guest', password: '246810' })).body;
    const hostGrant = (await join(server, reported.meetingId, {}, host)).body;
    const chrome = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    const report = (body: Record<string, unknown>, tenant = 'acme', code = reported.meetingId) =>
      server.request(tenant, 'POST', `/join/${code}/client`, { body, headers: { 'user-agent': chrome } });
    const devices = { network: 'wifi', camera: 'Integrated Camera', mic: 'Microphone Array', speaker: 'Speakers' };

    const ok = await report({ token: grant.token, opaqueId: grant.opaqueId, ...devices });
    expect(ok.status, ok.text).toBe(204);
    const participant = grant.opaqueId.split('participant:')[1];
    const [row] = await server.database.withTenant(server.ids.tenants.acme, (tx) =>
      tx
        .select({ client: meetingParticipants.client })
        .from(meetingParticipants)
        .innerJoin(meetingSessions, eq(meetingSessions.id, meetingParticipants.sessionId))
        .where(and(eq(meetingSessions.meetingId, reported.id), eq(meetingParticipants.participantKey, participant))),
    );
    expect(row!.client).toEqual({ os: 'Windows', osVersion: '10', browser: 'Chrome', browserVersion: '131', platform: 'web', ...devices });
    // The page says when the camera goes off and on again (Janus's events do not).
    const pods = async () => {
      const [person] = await server.database.withTenant(server.ids.tenants.acme, (tx) =>
        tx
          .select({ cameraOn: meetingParticipants.cameraOn, micOn: meetingParticipants.micOn })
          .from(meetingParticipants)
          .innerJoin(meetingSessions, eq(meetingSessions.id, meetingParticipants.sessionId))
          .where(and(eq(meetingSessions.meetingId, reported.id), eq(meetingParticipants.participantKey, participant))),
      );
      return person;
    };
    expect((await report({ token: grant.token, opaqueId: grant.opaqueId, audioOn: true, videoOn: true })).status).toBe(204);
    expect(await pods()).toEqual({ cameraOn: true, micOn: true });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await report({ token: grant.token, opaqueId: grant.opaqueId, audioOn: true, videoOn: false })).status).toBe(204);
    expect(await pods()).toEqual({ cameraOn: false, micOn: true });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await report({ token: grant.token, opaqueId: grant.opaqueId, audioOn: true, videoOn: true })).status).toBe(204);
    expect(await pods()).toEqual({ cameraOn: true, micOn: true });

    // Reporting the same again changes nothing; the same token for another participant, a made-up token, another meeting's grant: refused.
    expect((await report({ token: grant.token, opaqueId: grant.opaqueId, ...devices })).status).toBe(204);
    const refused = await report({ token: grant.token, opaqueId: hostGrant.opaqueId });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('invalid_grant');
    expect((await report({ token: `r${grant.roomId}.made.up`, opaqueId: grant.opaqueId })).status).toBe(403);
    expect((await report({ token: grant.token, opaqueId: grant.opaqueId }, 'acme', meeting.meetingId)).status).toBe(403);
    expect((await report({ token: grant.token, opaqueId: grant.opaqueId }, 'globex')).status).toBe(404);
    expect((await report({ token: grant.token })).status).toBe(400);
    expect((await report({ token: grant.token, opaqueId: grant.opaqueId, platform: 'watch' })).status).toBe(400);
    // Once the meeting has ended, its grants report nothing.
    await server.request('acme', 'DELETE', `/meetings/${reported.id}/room`, { session: host });
    expect((await report({ token: grant.token, opaqueId: grant.opaqueId, network: 'cellular' })).status).toBe(403);
  });

  it('lets the first guest in start a join-before-host meeting, muted and without video when the options say so', async () => {
    const early = await addMeeting(server, host, { password: null, options: { ...platformMeetingOptions, joinBeforeHost: true, muteOnEntry: true, videoOffOnEntry: true, screenShare: 'host' } });
    const res = await join(server, early.meetingId, { name: 'Early Bird' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ pin: null, muteOnEntry: true, videoOffOnEntry: true, screenShare: false });
    expect(await roomIds()).toContain(res.body.roomId);
    const hostGrant = await join(server, early.meetingId, {}, host);
    expect(hostGrant.body).toMatchObject({ roomId: res.body.roomId, muteOnEntry: false, screenShare: true });
    await server.request('acme', 'DELETE', `/meetings/${early.id}/room`, { session: host });
  });

  it('keeps guests out of signed-in-only and locked meetings, not their host', async () => {
    const members = await addMeeting(server, host, { options: { ...platformMeetingOptions, loggedInOnly: true } });
    expect((await server.request('acme', 'PUT', `/meetings/${members.id}/room`, { session: host })).status).toBe(200);
    const guest = await join(server, members.meetingId, { name: 'Ann Guest', password: '246810' });
    expect(guest.status).toBe(401);
    expect(guest.body.code).toBe('sign_in_required');
    const signedIn = await join(server, members.meetingId, { password: '246810' }, colleague);
    expect(signedIn.status, signedIn.text).toBe(200);
    expect(signedIn.body.role).toBe('participant');

    const locked = await addMeeting(server, host, { options: { ...platformMeetingOptions, lockedRoom: true } });
    expect((await join(server, locked.meetingId, {}, host)).status).toBe(200);
    const refused = await join(server, locked.meetingId, { name: 'Ann Guest', password: '246810' });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('meeting_locked');
    for (const id of [members.id, locked.id]) await server.request('acme', 'DELETE', `/meetings/${id}/room`, { session: host });
  });
});

describe('meetings without a media server', () => {
  let server: TestServer;
  let host: TestSession;
  let meeting: Meeting;

  beforeAll(async () => {
    server = await startTestServer();
    host = await server.login('acme', userEmail('acme', 'member'));
    meeting = await addMeeting(server, host);
  });

  afterAll(async () => {
    await server?.close();
  });

  it('says so on the join page and when joining or starting, after the password check', async () => {
    expect((await server.request('acme', 'GET', `/join/${meeting.meetingId}`)).body).toMatchObject({ mediaAvailable: false, started: false });
    expect((await join(server, meeting.meetingId, { name: 'Ann Guest', password: '000000' })).body.code).toBe('wrong_meeting_password');
    const start = await server.request('acme', 'PUT', `/meetings/${meeting.id}/room`, { session: host });
    expect(start.status).toBe(503);
    expect(start.body.code).toBe('media_unavailable');
    const hostJoin = await join(server, meeting.meetingId, {}, host);
    expect(hostJoin.status).toBe(503);
    expect(hostJoin.body.code).toBe('media_unavailable');
    // Ending a meeting that never ran is no error; the rest of the meetings API works as ever.
    expect((await server.request('acme', 'DELETE', `/meetings/${meeting.id}/room`, { session: host })).status).toBe(204);
    expect((await server.request('acme', 'GET', `/meetings/${meeting.id}`, { session: host })).status).toBe(200);
  });
});
