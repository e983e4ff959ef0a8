// A media node restarts (issue 10): when its event handler says it started, the portal re-creates
// the rooms of the meetings it runs there (same room id, secret, PIN, recording), ends their live
// run at the restart so no phantom participant stays on the live screens, starts a new run, and
// forgets the grants that died with the node; a room that cannot be re-created ends its meeting.
// Stand-in media server, events through the real ingest.
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinGrants, mediaNodes, meetingParticipants, meetingRooms, meetingSessions } from '../src/kernel/db/schema.ts';
import { applyMediaEvents } from '../src/live/apply.ts';
import type { RoomSpec } from '../src/media/platform.ts';
import { platformMeetingOptions } from '../src/meetings/options.ts';
import { startTestServer, userEmail, type TestServer, type TestSession } from './harness.ts';
import { standInMedia } from './media-stand-in.ts';
import { addMeeting, meetingBody } from './meetings-fixtures.ts';

const node = { node: 'janus-test', secret: 'events-Secret-1' };
const basic = `Basic ${Buffer.from(`${node.node}:${node.secret}`).toString('base64')}`;
const opened: RoomSpec[] = [];
/** Rooms the stand-in refuses to re-create. */
const refused = new Set<number>();
let nextRoom = 700;

const media = standInMedia({
  openRoom: async (spec) => {
    if (spec.roomId !== undefined && refused.has(spec.roomId)) throw new Error('the node is not ready');
    opened.push(spec);
    return { roomId: spec.roomId ?? nextRoom++, node: node.node };
  },
  eventSenders: async () => [node],
});

let server: TestServer;
let host: TestSession;
const acme = () => server.ids.tenants.acme;

beforeAll(async () => {
  server = await startTestServer({ media });
  host = await server.login('acme', userEmail('acme', 'member'));
});

afterAll(async () => {
  await server?.close();
});

/** A running meeting with a guest in its live run. */
async function runningWithGuest(overrides: Record<string, unknown> = {}) {
  const meeting = await addMeeting(server, 'acme', host, meetingBody({ password: '246810', options: platformMeetingOptions, ...overrides }));
  expect((await server.request('acme', 'PUT', `/meetings/${meeting.id}/room`, { session: host })).status).toBe(200);
  const grant = await server.request('acme', 'POST', `/join/${meeting.meetingId}`, { body: { name: 'Ann Guest', password: '246810' } });
  expect(grant.status, grant.text).toBe(200);
  const participant = (grant.body.opaqueId as string).split('participant:')[1]!;
  await applyMediaEvents(server.database, 'media', [{ key: `joined-${meeting.id}`, node: node.node, at: Date.now(), meetingId: meeting.id, type: 'participant.joined', participant, display: 'Ann Guest' }], server.app.liveBus);
  return { meeting, roomId: grant.body.roomId as number };
}

const sessionsOf = (meetingId: string) =>
  server.database.withTenant(acme(), (tx) => tx.select().from(meetingSessions).where(eq(meetingSessions.meetingId, meetingId)).orderBy(meetingSessions.startedAt));
const presentIn = (sessionId: string) =>
  server.database.withTenant(acme(), (tx) => tx.select().from(meetingParticipants).where(and(eq(meetingParticipants.sessionId, sessionId), isNull(meetingParticipants.leftAt))));

async function nodeStarts(at: number) {
  const event = { emitter: node.node, type: 256, subtype: 1, timestamp: at * 1000, event: { status: 'started', info: { name: 'Janus WebRTC Server' } } };
  const res = await server.request('system', 'POST', '/media/events', { host: `127.0.0.1:${server.port}`, body: [event], headers: { authorization: basic } });
  expect(res.status, res.text).toBe(200);
}

describe('a media node restart', () => {
  it('re-creates the rooms of running meetings, ends their live run and starts a new one, and forgets the grants', async () => {
    const { meeting, roomId } = await runningWithGuest({ recordMode: 'audio_only' });
    const [run] = await sessionsOf(meeting.id);
    expect(await presentIn(run!.id)).toHaveLength(1);
    const before = opened.length;

    const restart = Date.now() + 1_000;
    await nodeStarts(restart);

    expect(opened.slice(before)).toEqual([expect.objectContaining({ roomId, pin: '246810', record: true, label: `meeting ${meeting.meetingId}` })]);
    const runs = await sessionsOf(meeting.id);
    expect(runs).toHaveLength(2);
    expect(runs[0]).toMatchObject({ id: run!.id, endedAt: new Date(restart) });
    expect(await presentIn(run!.id)).toEqual([]);
    expect(runs[1]).toMatchObject({ endedAt: null, recording: true });
    expect(await presentIn(runs[1]!.id)).toEqual([]);
    const [room] = await server.database.withTenant(acme(), (tx) => tx.select().from(meetingRooms).where(eq(meetingRooms.meetingId, meeting.id)));
    expect(room).toMatchObject({ roomId, recordMode: 'audio_only' });
    expect(await server.database.withTenant(acme(), (tx) => tx.select().from(joinGrants).where(eq(joinGrants.meetingId, meeting.id)))).toEqual([]);
    // The same restart told again (redelivered, or posted to another replica): nothing more happens.
    // What was acted on is kept with the node in the database, so every replica knows it.
    await nodeStarts(restart + 5_000);
    expect(opened.length).toBe(before + 1);
    expect(await sessionsOf(meeting.id)).toHaveLength(2);
    const [known] = await server.database.withPlatform((tx) => tx.select({ restartedAt: mediaNodes.restartedAt }).from(mediaNodes).where(eq(mediaNodes.name, node.node)));
    expect(known?.restartedAt).toEqual(new Date(restart));
    // People join the re-created room again.
    const again = await server.request('acme', 'POST', `/join/${meeting.meetingId}`, { body: { name: 'Ann Guest', password: '246810' } });
    expect(again.status, again.text).toBe(200);
    expect(again.body.roomId).toBe(roomId);
  });

  it('leaves alone a room opened after the restart, when the node tells of its start late', async () => {
    // A node's event handler may deliver its started event only once the portal listens, after
    // rooms were already opened on the new instance: those rooms are live there, not lost.
    const { meeting } = await runningWithGuest();
    const [run] = await sessionsOf(meeting.id);
    const before = opened.length;
    await nodeStarts(Date.now() - 120_000);
    expect(opened.length).toBe(before);
    expect(await sessionsOf(meeting.id)).toEqual([expect.objectContaining({ id: run!.id, endedAt: null })]);
    expect(await presentIn(run!.id)).toHaveLength(1);
    expect(await server.database.withTenant(acme(), (tx) => tx.select().from(joinGrants).where(eq(joinGrants.meetingId, meeting.id)))).toHaveLength(1);
  });

  it('ends a meeting whose room cannot be re-created', async () => {
    const { meeting, roomId } = await runningWithGuest();
    refused.add(roomId);
    await nodeStarts(Date.now() + 60_000);
    expect(await server.database.withTenant(acme(), (tx) => tx.select().from(meetingRooms).where(eq(meetingRooms.meetingId, meeting.id)))).toEqual([]);
    const runs = await sessionsOf(meeting.id);
    expect(runs.every((run) => run.endedAt !== null)).toBe(true);
    const info = await server.request('acme', 'GET', `/join/${meeting.meetingId}`);
    expect(info.body.started).toBe(false);
  });
});
