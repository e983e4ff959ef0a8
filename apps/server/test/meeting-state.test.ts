// Meeting state and meeting log over real HTTP. On PGlite: who may look into which meeting (an
// administrator their tenant's, the super administrator every tenant's, another tenant 404, a role
// without room.meetingstate.get 403, a malformed id 400), a meeting not running answers empty, and
// the log pages through a run's events with statistics left out unless asked for. On a real Janus
// (local, 127.0.0.1 only): a guest joined as publisher without media and a handle that attached with
// a grant and never joined show as a publisher and an orphan, read from the Admin API.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meetingRooms } from '../src/kernel/db/schema.ts';
import { applyMediaEvents } from '../src/live/apply.ts';
import { startSimulator } from '../src/live/simulator.ts';
import { parseOpaqueId, type MediaEvent } from '../src/live/events.ts';
import { findJanusBinary, startLocalJanus } from '../src/media/local-janus.ts';
import type { MediaPlatform } from '../src/media/platform.ts';
import { platformMeetingOptions } from '../src/meetings/options.ts';
import { startTestServer, userEmail, type TestServer, type TestSession } from './harness.ts';
import { addMeeting, meetingBody } from './meetings-fixtures.ts';

const t0 = Date.parse('2026-11-20T10:00:00Z');
const sec = (s: number) => t0 + s * 1000;

function runOf(meetingId: string, hostId: string, prefix: string): MediaEvent[] {
  const guest = 'guest-11111111-2222-3333-4444-555555555555';
  const specs = [
    { type: 'room.opened', at: sec(0) },
    { type: 'participant.joined', at: sec(1), participant: hostId, display: 'Ada Host' },
    { type: 'stream.published', at: sec(3), participant: hostId, streams: [{ kind: 'audio', codec: 'opus' }, { kind: 'video', codec: 'vp8' }] },
    { type: 'participant.joined', at: sec(4), participant: guest, display: 'Guest Bob' },
    { type: 'media.stats', at: sec(6), participant: hostId, kind: 'video', codec: 'vp8', inKbps: 520, outKbps: 500, packetLoss: 0.5, jitterMs: 4, rttMs: 20 },
    { type: 'media.stats', at: sec(8), participant: hostId, kind: 'audio', codec: 'opus', inKbps: 30, outKbps: 28, packetLoss: 0, jitterMs: 2, rttMs: 20 },
    { type: 'stream.unpublished', at: sec(15), participant: hostId, kinds: ['video'] },
    { type: 'participant.left', at: sec(20), participant: guest, reason: 'hangup' },
    { type: 'room.closed', at: sec(60) },
  ];
  return specs.map((spec, index) => ({ ...spec, key: `${prefix}-${index}`, node: 'janus-test', meetingId }) as MediaEvent);
}

describe('meeting state and log', () => {
  let server: TestServer;
  let admin: TestSession;
  let member: TestSession;
  let globexAdmin: TestSession;
  let superadmin: TestSession;
  let meeting: { id: string; meetingId: string };

  beforeAll(async () => {
    server = await startTestServer();
    member = await server.login('acme', userEmail('acme', 'member'));
    admin = await server.login('acme', userEmail('acme', 'admin'));
    globexAdmin = await server.login('globex', userEmail('globex', 'admin'));
    superadmin = await server.login('system', userEmail('system', 'superadmin'));
    meeting = (await addMeeting(server, 'acme', member, meetingBody({ topic: 'State review' }))) as { id: string; meetingId: string };
    const hostId = server.ids.users[userEmail('acme', 'member')]!;
    const first = await applyMediaEvents(server.database, 'media', runOf(meeting.id, hostId, 'first'));
    expect(first.applied).toBe(9);
    // A second run, a day later.
    const later = runOf(meeting.id, hostId, 'second').map((event) => ({ ...event, at: event.at + 86_400_000 }));
    expect((await applyMediaEvents(server.database, 'media', later)).applied).toBe(9);
  });
  afterAll(() => server?.close());

  it('answers a meeting that is not running as empty, to its tenant administrator and the super administrator', async () => {
    const res = await server.request('acme', 'GET', `/meeting-state/${meeting.meetingId}`, { session: admin });
    expect(res.status, res.text).toBe(200);
    server.expectMatchesSpec('meetingState', 200, res.body);
    expect(res.body).toEqual({ code: meeting.meetingId, topic: 'State review', running: false, simulated: false, mediaServer: null, startedAt: null, publisherChoices: [], publishers: [], subscribers: [], orphans: [] });
    const platform = await server.request('system', 'GET', `/meeting-state/${meeting.meetingId}`, { session: superadmin });
    expect(platform.status, platform.text).toBe(200);
    expect(platform.body.topic).toBe('State review');
  });

  it('says a meeting of the traffic simulator runs without a media server to ask', async () => {
    const simulated = (await addMeeting(server, 'acme', member, meetingBody({ topic: 'Simulated' }))) as { id: string; meetingId: string };
    await applyMediaEvents(server.database, 'simulator', [{ key: 'sim-1', node: 'simulator', at: Date.now(), meetingId: simulated.id, type: 'room.opened' }]);
    const res = await server.request('acme', 'GET', `/meeting-state/${simulated.meetingId}`, { session: admin });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ running: true, simulated: true, mediaServer: 'simulator', publishers: [], orphans: [] });
  });

  it('answers a simulated live meeting as a media node would: its publishers are Live meetings’ participants', async () => {
    for (const topic of ['Simulated one', 'Simulated two', 'Simulated three']) await addMeeting(server, 'acme', member, meetingBody({ topic }));
    let now = Date.now();
    const clock = { now: () => now, every: () => () => {} };
    // The simulator leaves a meeting with an open media room alone: `meeting` keeps its two runs for the log's test.
    const acme = server.ids.tenants.acme;
    await server.database.withTenant(acme, (tx) => tx.insert(meetingRooms).values({ meetingId: meeting.id, tenantId: acme, roomId: 41, roomSecret: 'x', node: 'janus-test' }));
    const simulator = await startSimulator({ database: server.database, clock, seed: 7, runId: 'state', meetingsPerTenant: 2, minutes: [6, 8] });
    try {
      for (let elapsed = 0; elapsed < 90_000; elapsed += 2_000) {
        now += 2_000;
        await simulator.tick();
      }
      const live = await server.request('acme', 'GET', '/live-meetings', { session: admin });
      const running = (live.body.items as { id: string; meetingId: string; node: string; participants: number }[]).filter((item) => item.node === 'simulator' && item.participants > 1);
      expect(running.length).toBeGreaterThan(0);
      for (const item of running) {
        const people = await server.request('acme', 'GET', `/live-meetings/${item.id}/participants`, { session: admin });
        const names = (people.body.items as { displayName: string }[]).map((person) => person.displayName).sort();
        const res = await server.request('acme', 'GET', `/meeting-state/${item.meetingId}`, { session: admin });
        expect(res.status, res.text).toBe(200);
        server.expectMatchesSpec('meetingState', 200, res.body);
        const state = res.body as { simulated: boolean; mediaServer: string; publishers: { displayName: string; participantId: number }[]; subscribers: { feedId: number }[]; orphans: { orphanReason: string | null }[]; publisherChoices: unknown[] };
        expect(state).toMatchObject({ running: true, simulated: true, mediaServer: 'simulator' });
        expect(state.publishers.map((row) => row.displayName).sort()).toEqual(names);
        expect(state.publisherChoices).toHaveLength(names.length);
        // Each of them watches everyone else.
        expect(state.subscribers.length).toBeGreaterThanOrEqual(names.length);
        const feeds = new Set(state.publishers.map((row) => row.participantId));
        expect(state.subscribers.every((row) => feeds.has(row.feedId))).toBe(true);
        expect(state.orphans.every((row) => row.orphanReason === 'no_room' || row.orphanReason === 'feed_gone')).toBe(true);
        // Asking again answers the same handles: the node's state is the database's, not a replica's memory.
        expect((await server.request('acme', 'GET', `/meeting-state/${item.meetingId}`, { session: admin })).body).toEqual(res.body);
      }
    } finally {
      await simulator.stop();
      await server.database.withTenant(acme, (tx) => tx.delete(meetingRooms).where(eq(meetingRooms.meetingId, meeting.id)));
    }
  });

  it('shows the watchers of a simulated participant who just left as orphans, as a media node would', async () => {
    const simulated = (await addMeeting(server, 'acme', member, meetingBody({ topic: 'Simulated leave' }))) as { id: string; meetingId: string };
    const at = Date.now() - 60_000;
    const people = ['guest-00000000-0000-4000-8000-00000000000a', 'guest-00000000-0000-4000-8000-00000000000b', 'guest-00000000-0000-4000-8000-00000000000c'];
    const events = [
      { type: 'room.opened', at },
      ...people.flatMap((participant, index) => [
        { type: 'participant.joined', at: at + 1_000, participant, display: `Sim ${index}` },
        { type: 'stream.published', at: at + 2_000, participant, streams: [{ kind: 'audio', codec: 'opus' }] },
      ]),
      { type: 'participant.left', at: Date.now() - 5_000, participant: people[2], reason: 'hangup' },
    ].map((spec, index) => ({ ...spec, key: `sim-leave-${index}`, node: 'simulator', meetingId: simulated.id }) as MediaEvent);
    await applyMediaEvents(server.database, 'simulator', events);
    const res = await server.request('acme', 'GET', `/meeting-state/${simulated.meetingId}`, { session: admin });
    expect(res.status, res.text).toBe(200);
    const state = res.body as { publishers: { displayName: string }[]; subscribers: { displayName: string; feedDisplayName: string }[]; orphans: { displayName: string; feedDisplayName: string; orphanReason: string }[] };
    expect(state.publishers.map((row) => row.displayName)).toEqual(expect.arrayContaining(['Sim 0', 'Sim 1']));
    expect(state.publishers.map((row) => row.displayName)).not.toContain('Sim 2');
    expect(state.subscribers.filter((row) => row.displayName === 'Sim 0').map((row) => row.feedDisplayName)).toEqual(['Sim 1']);
    expect(state.orphans.filter((row) => row.orphanReason === 'feed_gone').map((row) => [row.displayName, row.feedDisplayName])).toEqual([
      ['Sim 0', 'Sim 2'],
      ['Sim 1', 'Sim 2'],
    ]);
  });

  it('refuses a malformed meeting id, and does not find an unknown one or another tenant’s', async () => {
    const bad = await server.request('acme', 'GET', '/meeting-state/12ab', { session: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([expect.objectContaining({ field: 'meetingCode', code: 'invalid_meeting_id' })]);
    expect((await server.request('acme', 'GET', '/meeting-state/99999999999', { session: admin })).status).toBe(404);
    const other = await server.request('globex', 'GET', `/meeting-state/${meeting.meetingId}`, { session: globexAdmin });
    expect(other.status).toBe(404);
    expect((await server.request('globex', 'GET', `/meeting-log/${meeting.meetingId}`, { session: globexAdmin })).status).toBe(404);
    expect((await server.request('acme', 'GET', '/meeting-log/1a', { session: admin })).status).toBe(400);
  });

  it('is closed to a role without room.meetingstate.get', async () => {
    expect((await server.request('acme', 'GET', `/meeting-state/${meeting.meetingId}`, { session: member })).status).toBe(403);
    expect((await server.request('acme', 'GET', `/meeting-log/${meeting.meetingId}`, { session: member })).status).toBe(403);
    expect((await server.request('acme', 'GET', `/meeting-state/${meeting.meetingId}`)).status).toBe(401);
  });

  it('says so when a running meeting has no media server to ask', async () => {
    await server.database.withTenant(server.ids.tenants.acme, (tx) =>
      tx.insert(meetingRooms).values({ meetingId: meeting.id, tenantId: server.ids.tenants.acme, roomId: 42, roomSecret: 'x', node: 'gone' }),
    );
    const res = await server.request('acme', 'GET', `/meeting-state/${meeting.meetingId}`, { session: admin });
    expect(res.status).toBe(503);
    expect(res.body.code).toBe('media_unavailable');
    await server.database.withTenant(server.ids.tenants.acme, (tx) => tx.delete(meetingRooms));
  });

  it('tells the latest run in time order without statistics, then pages and picks another run', async () => {
    const res = await server.request('acme', 'GET', `/meeting-log/${meeting.meetingId}`, { session: admin });
    expect(res.status, res.text).toBe(200);
    server.expectMatchesSpec('getMeetingLog', 200, res.body);
    expect(res.body.sessions).toHaveLength(2);
    expect(res.body.sessionId).toBe(res.body.sessions[0].id);
    expect(res.body.statsSamples).toBe(2);
    expect(res.body.items.map((item: { type: string }) => item.type)).toEqual([
      'room.opened',
      'participant.joined',
      'stream.published',
      'participant.joined',
      'stream.unpublished',
      'participant.left',
      'room.closed',
    ]);
    expect(res.body.items[1]).toMatchObject({ participantName: 'Ada Host', occurredAt: new Date(sec(1) + 86_400_000).toISOString() });
    expect(res.body.items[2].streams).toEqual([{ kind: 'audio', codec: 'opus' }, { kind: 'video', codec: 'vp8' }]);
    expect(res.body.items[4].kinds).toEqual(['video']);
    expect(res.body.items[5]).toMatchObject({ participantName: 'Guest Bob', reason: 'hangup' });

    const older = res.body.sessions[1].id as string;
    const first = await server.request('acme', 'GET', `/meeting-log/${meeting.meetingId}?session=${older}&stats=true&limit=4`, { session: admin });
    expect(first.status, first.text).toBe(200);
    expect(first.body.sessionId).toBe(older);
    expect(first.body.items).toHaveLength(4);
    const second = await server.request('acme', 'GET', `/meeting-log/${meeting.meetingId}?session=${older}&stats=true&limit=4&cursor=${first.body.nextCursor}`, { session: admin });
    expect(second.status, second.text).toBe(200);
    const third = await server.request('acme', 'GET', `/meeting-log/${meeting.meetingId}?session=${older}&stats=true&limit=4&cursor=${second.body.nextCursor}`, { session: admin });
    const all = [...first.body.items, ...second.body.items, ...third.body.items];
    expect(all.map((item: { type: string }) => item.type)).toContain('media.stats');
    expect(all.find((item: { type: string }) => item.type === 'media.stats').stats).toMatchObject({ kind: 'video', inKbps: 520, packetLoss: 0.5 });
    expect(second.body.items[0].id).not.toBe(first.body.items[3].id);
    expect(all).toHaveLength(9);
    expect(third.body.nextCursor).toBeNull();
  });

  it('shows someone holding room.meetingstate.get without administering only the meetings they host or attended', async () => {
    const role = await server.request('acme', 'POST', '/roles', { session: admin, body: { name: 'Inspector', description: 'Looks into meetings', permissions: ['room.meetingstate.get'] } });
    expect(role.status, role.text).toBe(201);
    const [memberId, accountId] = [server.ids.users[userEmail('acme', 'member')]!, server.ids.users[userEmail('acme', 'accountadmin')]!];
    for (const [id, base] of [[memberId, 'member'], [accountId, 'accountadmin']] as const) {
      const res = await server.request('acme', 'PATCH', `/users/${id}`, { session: admin, body: { roles: [base, 'Inspector'] } });
      expect(res.status, res.text).toBe(200);
    }
    const host = await server.login('acme', userEmail('acme', 'member'));
    const attendee = await server.login('acme', userEmail('acme', 'accountadmin'));
    // The member hosts `meeting`; the account administrator attended another of the member's meetings.
    expect((await server.request('acme', 'GET', `/meeting-log/${meeting.meetingId}`, { session: host })).status).toBe(200);
    expect((await server.request('acme', 'GET', `/meeting-log/${meeting.meetingId}`, { session: attendee })).status).toBe(404);
    const attended = (await addMeeting(server, 'acme', host, meetingBody({ topic: 'Attended' }))) as { id: string; meetingId: string };
    await applyMediaEvents(server.database, 'media', [
      { key: 'att-1', node: 'janus-test', at: sec(0), meetingId: attended.id, type: 'room.opened' },
      { key: 'att-2', node: 'janus-test', at: sec(1), meetingId: attended.id, type: 'participant.joined', participant: accountId, display: 'Account Admin' },
    ]);
    const seen = await server.request('acme', 'GET', `/meeting-state/${attended.meetingId}`, { session: attendee });
    expect(seen.status, seen.text).toBe(200);
    expect(seen.body.topic).toBe('Attended');
  });

  it('refuses a run of another meeting and a cursor it did not hand out', async () => {
    const wrong = await server.request('acme', 'GET', `/meeting-log/${meeting.meetingId}?session=00000000-0000-4000-8000-000000000000`, { session: admin });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([expect.objectContaining({ field: 'session', code: 'invalid_session' })]);
    // Not a run id at all: the same field, so the Meeting log says the link's run is wrong, not the meeting id.
    const malformed = await server.request('acme', 'GET', `/meeting-log/${meeting.meetingId}?session=nope`, { session: admin });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors).toEqual([expect.objectContaining({ field: 'session' })]);
    expect((await server.request('acme', 'GET', `/meeting-log/${meeting.meetingId}?cursor=bm9wZQ`, { session: admin })).status).toBe(400);
  });
});

const janusBinary = findJanusBinary();

describe.skipIf(!janusBinary)('meeting state on a real Janus', () => {
  let dir: string;
  let media: MediaPlatform;
  let server: TestServer;
  let admin: TestSession;

  beforeAll(async () => {
    dir = mkdtempSync(joinPath(tmpdir(), 'portal-state-janus-'));
    media = await startLocalJanus({ dir, iceEnforceList: 'lo' });
    server = await startTestServer({ media });
    admin = await server.login('acme', userEmail('acme', 'admin'));
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lists a publisher that joined and a handle that never did, from the Admin API', async () => {
    const host = await server.login('acme', userEmail('acme', 'member'));
    const created = await server.request('acme', 'POST', '/meetings', { session: host, body: meetingBody({ topic: 'Live state', password: '135790', options: platformMeetingOptions }) });
    expect(created.status, created.text).toBe(201);
    const { id, meetingId: code } = created.body as { id: string; meetingId: string };
    expect((await server.request('acme', 'PUT', `/meetings/${id}/room`, { session: host })).status).toBe(200);
    const grant = (await server.request('acme', 'POST', `/join/${code}`, { body: { name: 'Ann Guest', password: '135790' } })).body;
    expect(grant.feedbackTicket).toEqual(expect.any(String));

    // What janus.js does, without media: a session, a handle that joins as publisher, one that never joins.
    const janus = async (path: string, body: Record<string, unknown>) => {
      const reply = await fetch(`${grant.serverUrl}${path}`, { method: 'POST', body: JSON.stringify({ transaction: 't', token: grant.token, ...body }) });
      return (await reply.json()) as { janus: string; data?: { id: number } };
    };
    const session = (await janus('', { janus: 'create' })).data!.id;
    const publisher = (await janus(`/${session}`, { janus: 'attach', plugin: 'janus.plugin.videoroom', opaque_id: grant.opaqueId })).data!.id;
    const orphan = (await janus(`/${session}`, { janus: 'attach', plugin: 'janus.plugin.videoroom', opaque_id: grant.opaqueId })).data!.id;
    await janus(`/${session}/${publisher}`, { janus: 'message', body: { request: 'join', ptype: 'publisher', room: grant.roomId, pin: grant.pin, display: 'Ann Guest', token: grant.token } });
    // Tell the portal the guest is in, as the media events would, so the orphan is named too.
    const participant = parseOpaqueId(grant.opaqueId)!.participant;
    await applyMediaEvents(server.database, 'media', [
      { key: 'live-1', node: 'janus', at: Date.now(), meetingId: id, type: 'room.opened' },
      { key: 'live-2', node: 'janus', at: Date.now(), meetingId: id, type: 'participant.joined', participant, display: 'Ann Guest' },
    ]);

    let state: { body: Record<string, any>; status: number; text: string } | undefined; // eslint-disable-line @typescript-eslint/no-explicit-any -- read as the test needs
    for (let attempt = 0; attempt < 20; attempt += 1) {
      state = await server.request('acme', 'GET', `/meeting-state/${code}`, { session: admin });
      if (state.status === 200 && state.body.publishers.length === 1) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(state!.status, state!.text).toBe(200);
    server.expectMatchesSpec('meetingState', 200, state!.body);
    const body = state!.body;
    expect(body).toMatchObject({ code, running: true, simulated: false, mediaServer: 'portal-local-janus', subscribers: [] });
    expect(body.publishers).toEqual([
      expect.objectContaining({ sessionId: session, handleId: publisher, streamType: 'publisher', displayName: 'Ann Guest', mediaServer: 'portal-local-janus', ready: false, orphanReason: null }),
    ]);
    const participantId = body.publishers[0].participantId as number;
    expect(participantId).toBeGreaterThan(0);
    expect(body.publisherChoices).toEqual([{ participantId, displayName: 'Ann Guest' }]);
    expect(body.orphans).toEqual([expect.objectContaining({ sessionId: session, handleId: orphan, streamType: null, orphanReason: 'no_room', displayName: 'Ann Guest' })]);

    const narrowed = await server.request('acme', 'GET', `/meeting-state/${code}?publisher=${participantId + 1}`, { session: admin });
    expect(narrowed.body.publishers).toEqual([]);
    expect(narrowed.body.publisherChoices).toHaveLength(1);
    const mine = await server.request('acme', 'GET', `/meeting-state/${code}?publisher=${participantId}`, { session: admin });
    expect(mine.body.publishers).toHaveLength(1);

    // The guest rates the meeting with the ticket of their grant.
    const feedback = await server.request('acme', 'POST', `/join/${code}/feedback`, { body: { ticket: grant.feedbackTicket, rating: 4, audioIssues: ['echo'] } });
    expect(feedback.status, feedback.text).toBe(201);
  });
});
