// Mute and video off on entry, enforced by the media server (issue 10): when the ingest hears that
// a participant's publisher went on air in a meeting whose options ask for it, the portal asks the
// media server to mute that publisher's audio and video streams (VideoRoom `moderate`); the host
// and co-hosts are never muted; the host lifts it with unmuteParticipant, and it stays lifted when
// the participant publishes again. Stand-in media server that notes every moderate request.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { meetingRooms } from '../src/kernel/db/schema.ts';
import { platformMeetingOptions } from '../src/meetings/options.ts';
import { startTestServer, userEmail, type TestServer, type TestSession } from './harness.ts';
import { standInMedia, standInPublisher } from './media-stand-in.ts';
import { addMeeting, meetingBody } from './meetings-fixtures.ts';

const node = { name: 'janus-test', secret: 'events-Secret-1' };
const basic = `Basic ${Buffer.from(`${node.name}:${node.secret}`).toString('base64')}`;

type Moderation = { roomId: number; publisherId: number; mids: string[]; mute: boolean };
const moderations: Moderation[] = [];
/** Publishers the stand-in's Admin API shows, by opaque id: their id in the room. */
const publishers = new Map<string, number>();
let nextRoom = 500;

const media = standInMedia({
  // As the real platform does, the token ends in the portal's binding (so a grant proves who holds it).
  grant: async (_room, binding) => `janus-test.${binding}`,
  openRoom: async () => ({ roomId: nextRoom++, node: node.name }),
  moderate: async ({ roomId }, publisherId, mids, mute) => {
    moderations.push({ roomId, publisherId, mids, mute });
  },
  roomState: async () => ({ node: node.name, handles: [...publishers].map(([opaqueId, id]) => standInPublisher({ opaqueId, participantId: id, handleId: id + 1 })) }),
  eventSenders: async () => [{ node: node.name, secret: node.secret }],
});

let server: TestServer;
let host: TestSession;
let colleague: TestSession;
let globexMember: TestSession;
let eventCount = 0;

beforeAll(async () => {
  server = await startTestServer({ media });
  host = await server.login('acme', userEmail('acme', 'member'));
  colleague = await server.login('acme', userEmail('acme', 'accountadmin'));
  globexMember = await server.login('globex', userEmail('globex', 'member'));
});

afterAll(async () => {
  await server?.close();
});

beforeEach(() => {
  moderations.length = 0;
});

/** A meeting with these options, started by its host: its room and a guest's grant. */
async function runningMeeting(options: Record<string, unknown>) {
  const meeting = await addMeeting(server, 'acme', host, meetingBody({ password: '246810', options: { ...platformMeetingOptions, ...options } }));
  const started = await server.request('acme', 'PUT', `/meetings/${meeting.id}/room`, { session: host });
  expect(started.status, started.text).toBe(200);
  const guest = await server.request('acme', 'POST', `/join/${meeting.meetingId}`, { body: { name: 'Ann Guest', password: '246810' } });
  expect(guest.status, guest.text).toBe(200);
  const hostGrant = await server.request('acme', 'POST', `/join/${meeting.meetingId}`, { body: {}, session: host });
  const other = await server.request('acme', 'POST', `/join/${meeting.meetingId}`, { body: { name: 'Bob Guest', password: '246810' } });
  type Grant = { opaqueId: string; token: string };
  return { meeting, roomId: guest.body.roomId as number, guest: guest.body as Grant, hostGrant: hostGrant.body as Grant, other: other.body as Grant };
}

/** The media server's event: this publisher went on air with an audio (mid 0) and a video (mid 1) stream. */
async function published(opaqueId: string, roomId: number, publisherId: number) {
  eventCount += 1;
  const event = {
    emitter: node.name,
    type: 64,
    timestamp: Date.now() * 1000 + eventCount,
    session_id: 1,
    handle_id: publisherId + 1,
    opaque_id: opaqueId,
    event: {
      plugin: 'janus.plugin.videoroom',
      data: {
        event: 'published',
        room: roomId,
        id: publisherId,
        display: 'Someone',
        streams: [
          { type: 'audio', mindex: 0, mid: '0', codec: 'opus' },
          { type: 'video', mindex: 1, mid: '1', codec: 'vp8' },
        ],
      },
    },
  };
  const res = await server.request('system', 'POST', '/media/events', { host: `127.0.0.1:${server.port}`, body: [event], headers: { authorization: basic } });
  expect(res.status, res.text).toBe(200);
}

const participantOf = (opaqueId: string) => opaqueId.split('participant:')[1]!;
const unmute = (meetingId: string, participant: string, body: unknown, session: TestSession | null = host, tenant = 'acme') =>
  server.request(tenant, 'POST', `/meetings/${meetingId}/room/participants/${participant}/unmute`, { session: session ?? undefined, body });
const proof = (grant: { opaqueId: string; token: string }) => ({ opaqueId: grant.opaqueId, token: grant.token });

describe('mute and video off on entry', () => {
  it('mutes a participant’s audio and video as they publish, never the host’s', async () => {
    const { roomId, guest, hostGrant } = await runningMeeting({ muteOnEntry: true, videoOffOnEntry: true });
    await published(guest.opaqueId, roomId, 9001);
    expect(moderations).toEqual([{ roomId, publisherId: 9001, mids: ['0', '1'], mute: true }]);
    await published(hostGrant.opaqueId, roomId, 9002);
    expect(moderations).toHaveLength(1);
  });

  it('mutes only what the options ask, and nothing in a meeting without them', async () => {
    const audioOnly = await runningMeeting({ muteOnEntry: true });
    await published(audioOnly.guest.opaqueId, audioOnly.roomId, 9101);
    expect(moderations).toEqual([{ roomId: audioOnly.roomId, publisherId: 9101, mids: ['0'], mute: true }]);
    const free = await runningMeeting({});
    await published(free.guest.opaqueId, free.roomId, 9102);
    expect(moderations).toHaveLength(1);
  });

  it('lets the host lift it, and it stays lifted when the participant publishes again', async () => {
    const { meeting, roomId, guest } = await runningMeeting({ muteOnEntry: true, videoOffOnEntry: true });
    await published(guest.opaqueId, roomId, 9201);
    publishers.set(guest.opaqueId, 9201);
    const participant = participantOf(guest.opaqueId);

    expect((await unmute(meeting.id, participant, { kinds: [] })).status).toBe(400);
    expect((await unmute(meeting.id, participant, { kinds: ['audio'] }, colleague)).status).toBe(404);
    expect((await unmute(meeting.id, participant, { kinds: ['audio'] }, globexMember, 'globex')).status).toBe(404);
    expect((await unmute(meeting.id, 'guest-nobody', { kinds: ['audio'] })).status).toBe(404);

    const lifted = await unmute(meeting.id, participant, { kinds: ['audio'] });
    expect(lifted.status, lifted.text).toBe(204);
    expect(moderations.at(-1)).toEqual({ roomId, publisherId: 9201, mids: ['0'], mute: false });
    // Kept with the running room in the database, not in this server process: any replica hearing the next publish knows it.
    const [room] = await server.database.withPlatform((tx) => tx.select({ liftedMutes: meetingRooms.liftedMutes }).from(meetingRooms).where(eq(meetingRooms.meetingId, meeting.id)));
    expect(room?.liftedMutes).toEqual([`${participant}|audio`]);
    expect((await unmute(meeting.id, participant, { kinds: ['audio'] })).status).toBe(204);
    const [again] = await server.database.withPlatform((tx) => tx.select({ liftedMutes: meetingRooms.liftedMutes }).from(meetingRooms).where(eq(meetingRooms.meetingId, meeting.id)));
    expect(again?.liftedMutes).toEqual([`${participant}|audio`]);
    await published(guest.opaqueId, roomId, 9201);
    expect(moderations.at(-1)).toEqual({ roomId, publisherId: 9201, mids: ['1'], mute: true });
  });

  it('lets a participant muted on entry unmute themself from the room by their join grant, never someone else', async () => {
    const { meeting, roomId, guest, other, hostGrant } = await runningMeeting({ muteOnEntry: true, videoOffOnEntry: true });
    await published(guest.opaqueId, roomId, 9301);
    await published(other.opaqueId, roomId, 9302);
    publishers.set(guest.opaqueId, 9301);
    publishers.set(other.opaqueId, 9302);
    const participant = participantOf(guest.opaqueId);
    const otherParticipant = participantOf(other.opaqueId);

    // Bad input: no kinds, an unknown kind, a grant without its token.
    expect((await unmute(meeting.id, participant, { kinds: [], grant: proof(guest) }, null)).status).toBe(400);
    expect((await unmute(meeting.id, participant, { kinds: ['screen'], grant: proof(guest) }, null)).status).toBe(400);
    expect((await unmute(meeting.id, participant, { kinds: ['audio'], grant: { opaqueId: guest.opaqueId } }, null)).status).toBe(400);
    // Neither a grant nor a session: who asks is unknown.
    expect((await unmute(meeting.id, participant, { kinds: ['audio'] }, null)).status).toBe(401);
    // Another participant's mute, a made-up token, a grant of another room: 403.
    const someoneElse = await unmute(meeting.id, otherParticipant, { kinds: ['audio'], grant: proof(guest) }, null);
    expect(someoneElse.status, someoneElse.text).toBe(403);
    expect((await unmute(meeting.id, participant, { kinds: ['audio'], grant: { ...proof(guest), token: `${guest.token}x` } }, null)).status).toBe(403);
    const elsewhere = await runningMeeting({ muteOnEntry: true });
    expect((await unmute(meeting.id, participant, { kinds: ['audio'], grant: proof(elsewhere.guest) }, null)).status).toBe(403);
    // Another tenant: the meeting is not there.
    expect((await unmute(meeting.id, participant, { kinds: ['audio'], grant: proof(guest) }, null, 'globex')).status).toBe(404);
    expect(moderations.filter((moderation) => !moderation.mute)).toEqual([]);

    const own = await unmute(meeting.id, participant, { kinds: ['audio'], grant: proof(guest) }, null);
    expect(own.status, own.text).toBe(204);
    expect(moderations.at(-1)).toEqual({ roomId, publisherId: 9301, mids: ['0'], mute: false });

    // The host, in the room by their own grant, unmutes anyone.
    const byHost = await unmute(meeting.id, otherParticipant, { kinds: ['audio', 'video'], grant: proof(hostGrant) }, null);
    expect(byHost.status, byHost.text).toBe(204);
    expect(moderations.at(-1)).toEqual({ roomId, publisherId: 9302, mids: ['0', '1'], mute: false });
  });
});
