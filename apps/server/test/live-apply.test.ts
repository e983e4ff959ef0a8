// Applying media events to meeting sessions: a meeting's run from room opened to closed with its
// participants, streams and statistics; the same events twice change nothing; the same events in
// any order give the same rows; events of an unknown meeting are counted and dropped; a
// participant id of another tenant's user names nobody here.
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaEvents, meetingParticipants, meetingSessions } from '../src/kernel/db/schema.ts';
import { applyMediaEvents } from '../src/live/apply.ts';
import { createLiveBus, type LiveChange } from '../src/live/bus.ts';
import type { MediaEvent } from '../src/live/events.ts';
import { startTestServer, userEmail, type TestServer } from './harness.ts';
import { addMeeting, meetingBody } from './meetings-fixtures.ts';

const t0 = Date.parse('2026-11-20T10:00:00Z');
const sec = (s: number) => t0 + s * 1000;

type Spec = Omit<MediaEvent, 'key' | 'node' | 'meetingId'>;

function runOf(meetingId: string, hostId: string, prefix = meetingId): MediaEvent[] {
  const specs = [
    { type: 'room.opened', at: sec(0) },
    { type: 'participant.joined', at: sec(1), participant: hostId, display: 'Ada Host' },
    { type: 'participant.client', at: sec(2), participant: hostId, client: { os: 'Linux', browser: 'Chrome', browserVersion: '131', platform: 'web', network: 'wifi', ip: '127.0.0.1' } },
    { type: 'stream.published', at: sec(3), participant: hostId, streams: [{ kind: 'audio', codec: 'opus' }, { kind: 'video', codec: 'vp8' }] },
    { type: 'participant.joined', at: sec(4), participant: 'guest-11111111-2222-3333-4444-555555555555', display: 'Guest Bob' },
    { type: 'media.stats', at: sec(6), participant: hostId, kind: 'video', codec: 'vp8', inKbps: 520, outKbps: 500, packetLoss: 0.5, jitterMs: 4, rttMs: 20 },
    { type: 'media.stats', at: sec(8), participant: hostId, kind: 'video', codec: 'vp8', inKbps: 540, outKbps: 510, packetLoss: 1.5, jitterMs: 6, rttMs: 30 },
    { type: 'stream.published', at: sec(9), participant: 'guest-11111111-2222-3333-4444-555555555555', streams: [{ kind: 'screen', codec: 'vp8' }] },
    { type: 'participant.left', at: sec(20), participant: 'guest-11111111-2222-3333-4444-555555555555', reason: 'hangup' },
    { type: 'room.closed', at: sec(60) },
  ] as Spec[];
  return specs.map((spec, index) => ({ ...spec, key: `${prefix}-${index}`, node: 'janus-test', meetingId }) as MediaEvent);
}

/** Every row the run produced, without generated ids, to compare two ways of applying it. */
async function snapshot(server: TestServer, tenantId: string, meetingId: string) {
  return server.database.withTenant(tenantId, async (tx) => {
    const sessions = await tx.select().from(meetingSessions).where(eq(meetingSessions.meetingId, meetingId)).orderBy(asc(meetingSessions.startedAt));
    const people = [];
    for (const session of sessions) {
      const rows = await tx.select().from(meetingParticipants).where(eq(meetingParticipants.sessionId, session.id)).orderBy(asc(meetingParticipants.participantKey));
      people.push(...rows.map(({ id: _id, sessionId: _session, ...rest }) => rest));
    }
    const log = await tx.select({ type: mediaEvents.type }).from(mediaEvents).innerJoin(meetingSessions, eq(meetingSessions.id, mediaEvents.sessionId)).where(eq(meetingSessions.meetingId, meetingId));
    return { sessions: sessions.map(({ id: _id, ...rest }) => rest), people, events: log.length };
  });
}

describe('applying media events', () => {
  let server: TestServer;
  let hostId: string;
  let acme: string;

  beforeAll(async () => {
    server = await startTestServer();
    hostId = server.ids.users[userEmail('acme', 'member')]!;
    acme = server.ids.tenants.acme;
  });
  afterAll(() => server?.close());

  const newMeeting = async () => {
    const member = await server.login('acme', userEmail('acme', 'member'));
    return (await addMeeting(server, 'acme', member, meetingBody({ topic: 'Weekly sync' }))).id;
  };

  it('records a run of a meeting: its session, its people, their client, streams and statistics', async () => {
    const meetingId = await newMeeting();
    const changes: LiveChange[] = [];
    const bus = createLiveBus();
    bus.subscribe((change) => changes.push(change));
    const result = await applyMediaEvents(server.database, 'media', runOf(meetingId, hostId), bus);
    expect(result).toEqual({ applied: 10, duplicates: 0, unknownMeeting: 0 });
    const { sessions, people, events } = await snapshot(server, acme, meetingId);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ topic: 'Weekly sync', node: 'janus-test', source: 'media', video: true, screenShare: true, participants: 2, startedAt: new Date(sec(0)), endedAt: new Date(sec(60)) });
    const [host, guest] = [people.find((p) => p.participantKey === hostId)!, people.find((p) => p.participantKey !== hostId)!];
    expect(host).toMatchObject({ userId: hostId, email: userEmail('acme', 'member'), displayName: 'Ada Host', joinedAt: new Date(sec(1)), leftAt: new Date(sec(60)), audioCodec: 'opus', videoCodec: 'vp8', samples: 2, bitrateInKbps: 540, packetLoss: 1.5, rttMs: 30 });
    expect(host.client).toMatchObject({ os: 'Linux', browser: 'Chrome', platform: 'web' });
    expect(guest).toMatchObject({ userId: null, displayName: 'Guest Bob', leftAt: new Date(sec(20)), screenSharing: false });
    expect(events).toBe(10);
    expect(changes).toEqual([{ tenantId: acme, sessionIds: [expect.any(String)] }]);
  });

  it('ignores a second delivery of the same events', async () => {
    const meetingId = await newMeeting();
    await applyMediaEvents(server.database, 'media', runOf(meetingId, hostId));
    const before = await snapshot(server, acme, meetingId);
    const again = await applyMediaEvents(server.database, 'media', runOf(meetingId, hostId));
    expect(again).toEqual({ applied: 0, duplicates: 10, unknownMeeting: 0 });
    expect(await snapshot(server, acme, meetingId)).toEqual(before);
  });

  it('gives the same rows whatever order the events arrive in, one by one or reversed', async () => {
    const inOrder = await newMeeting();
    await applyMediaEvents(server.database, 'media', runOf(inOrder, hostId));
    const reversed = await newMeeting();
    for (const event of runOf(reversed, hostId).reverse()) await applyMediaEvents(server.database, 'media', [event]);
    const strip = (snap: Awaited<ReturnType<typeof snapshot>>) => ({ ...snap, sessions: snap.sessions.map(({ meetingId: _m, code: _c, ...rest }) => rest) });
    expect(strip(await snapshot(server, acme, reversed))).toEqual(strip(await snapshot(server, acme, inOrder)));
  });

  it('starts a new session when the meeting runs again after it ended', async () => {
    const meetingId = await newMeeting();
    await applyMediaEvents(server.database, 'media', runOf(meetingId, hostId, 'first'));
    const later = runOf(meetingId, hostId, 'second').map((event) => ({ ...event, at: event.at + 3_600_000 }));
    await applyMediaEvents(server.database, 'media', later.slice(0, 3));
    const { sessions } = await snapshot(server, acme, meetingId);
    expect(sessions.map((s) => s.endedAt)).toEqual([new Date(sec(60)), null]);
  });

  it('keeps two runs of a meeting apart when one batch holds the first run\u2019s end and the second\u2019s start', async () => {
    const meetingId = await newMeeting();
    const later = runOf(meetingId, hostId, 'again').map((event) => ({ ...event, at: event.at + 3_600_000 }));
    await applyMediaEvents(server.database, 'media', [...runOf(meetingId, hostId, 'once'), ...later.slice(0, 3)]);
    const { sessions, people } = await snapshot(server, acme, meetingId);
    expect(sessions.map((s) => [s.startedAt, s.endedAt])).toEqual([
      [new Date(sec(0)), new Date(sec(60))],
      [new Date(sec(3600)), null],
    ]);
    expect(people.filter((p) => p.participantKey === hostId).map((p) => p.leftAt)).toEqual([new Date(sec(60)), null]);

    // The first run already stored as running, its end and the next start arriving together.
    const other = await newMeeting();
    const first = runOf(other, hostId, 'first');
    await applyMediaEvents(server.database, 'media', first.slice(0, -1));
    const next = runOf(other, hostId, 'next').map((event) => ({ ...event, at: event.at + 3_600_000 }));
    await applyMediaEvents(server.database, 'media', [first.at(-1)!, ...next.slice(0, 2)]);
    expect((await snapshot(server, acme, other)).sessions.map((s) => s.endedAt)).toEqual([new Date(sec(60)), null]);
  });

  it('keeps the media server’s goodbyes after the portal closed the room in that run, instead of opening another', async () => {
    const meetingId = await newMeeting();
    await applyMediaEvents(server.database, 'media', runOf(meetingId, hostId, 'closed'));
    const goodbyes = [
      { type: 'media.stats', key: `${meetingId}-late-1`, node: 'janus-test', meetingId, at: sec(61), participant: hostId, kind: 'audio', inKbps: 30, outKbps: 30, packetLoss: 0, jitterMs: 2, rttMs: 10 },
      { type: 'stream.unpublished', key: `${meetingId}-late-2`, node: 'janus-test', meetingId, at: sec(62), participant: hostId, kinds: ['audio', 'video'] },
      { type: 'participant.left', key: `${meetingId}-late-3`, node: 'janus-test', meetingId, at: sec(63), participant: hostId, reason: 'hangup' },
    ] as MediaEvent[];
    expect((await applyMediaEvents(server.database, 'media', goodbyes)).applied).toBe(3);
    const { sessions, people } = await snapshot(server, acme, meetingId);
    expect(sessions.map((s) => s.endedAt)).toEqual([new Date(sec(60))]);
    expect(people.find((p) => p.participantKey === hostId)?.leftAt).toEqual(new Date(sec(60)));
  });

  it('never makes a participant of the next run out of a late goodbye of the last one (issue 32 point 6)', async () => {
    // The guest's tab stayed on "the meeting has ended" and closed while the host had started the
    // meeting again: the media server's detach of that guest's handle arrives during the new run.
    const meetingId = await newMeeting();
    const guest = 'guest-11111111-2222-3333-4444-555555555555';
    await applyMediaEvents(server.database, 'media', runOf(meetingId, hostId, `${meetingId}-earlier`).filter((event) => !(event.type === 'participant.left')));
    const next = runOf(meetingId, hostId, `${meetingId}-next`)
      .filter((event) => !('participant' in event) || event.participant === hostId)
      .map((event) => ({ ...event, at: event.at + 600_000 }))
      .slice(0, 4);
    await applyMediaEvents(server.database, 'media', next);
    const goodbye = [{ type: 'participant.left', key: `${meetingId}-late-detach`, node: 'janus-test', meetingId, at: sec(700), participant: guest, reason: 'detached' }] as MediaEvent[];
    await applyMediaEvents(server.database, 'media', goodbye);
    const { sessions, people } = await snapshot(server, acme, meetingId);
    expect(sessions.map((session) => [session.endedAt, session.participants])).toEqual([
      [new Date(sec(60)), 2],
      [null, 1],
    ]);
    // The guest is only in the first run, where they left when it ended; nobody nameless anywhere.
    expect(people.filter((person) => person.participantKey === guest).map((person) => person.leftAt)).toEqual([new Date(sec(60))]);
    expect(people.filter((person) => person.displayName === '')).toEqual([]);
  });

  it('flags a participant whose packet loss stays high, and their meeting', async () => {
    const meetingId = await newMeeting();
    const poor = Array.from({ length: 5 }, (_, i): MediaEvent => ({ type: 'media.stats', key: `poor-${i}`, node: 'n', meetingId, at: sec(10 + 2 * i), participant: hostId, kind: 'audio', inKbps: 30, outKbps: 30, packetLoss: 12, jitterMs: 5, rttMs: 40 }));
    await applyMediaEvents(server.database, 'media', poor.slice(0, 4));
    expect((await snapshot(server, acme, meetingId)).people[0]).toMatchObject({ flagged: false, poorStreak: 4 });
    await applyMediaEvents(server.database, 'media', poor.slice(4));
    const { sessions, people } = await snapshot(server, acme, meetingId);
    expect(people[0]).toMatchObject({ flagged: true, flagReason: 'packet_loss' });
    expect(sessions[0]!.flagged).toBe(true);
  });

  it('drops events of a meeting that does not exist and counts them', async () => {
    const result = await applyMediaEvents(server.database, 'media', runOf('00000000-0000-4000-8000-000000000000', hostId).concat(runOf('not-a-uuid', hostId)));
    expect(result).toEqual({ applied: 0, duplicates: 0, unknownMeeting: 20 });
  });

  it('never ties a participant to another tenant’s user', async () => {
    const meetingId = await newMeeting();
    const foreign = server.ids.users[userEmail('globex', 'member')]!;
    await applyMediaEvents(server.database, 'media', [{ type: 'participant.joined', key: 'x', node: 'n', meetingId, at: sec(1), participant: foreign, display: 'Someone' }]);
    const { people } = await snapshot(server, acme, meetingId);
    expect(people[0]).toMatchObject({ participantKey: foreign, userId: null, email: null });
  });
});
