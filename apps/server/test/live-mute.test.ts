// An administrator mutes a participant from Live meetings (muteLiveParticipant, issue 33 section 1):
// the media server is asked to stop forwarding those streams of theirs (VideoRoom `moderate`, noted
// by a stand-in media server), the live list shows them muted, and the participant may lift it
// themself by their join grant, as after a mute on entry. A member may not (403), another tenant's
// administrator does not see them (404), bad kinds are 400; a simulated participant is shown muted.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meetingSessions } from '../src/kernel/db/schema.ts';
import { applyMediaEvents, parseOpaqueId } from '../src/live/index.ts';
import { platformMeetingOptions } from '../src/meetings/options.ts';
import { startTestServer, userEmail, type TestServer, type TestSession } from './harness.ts';
import { standInMedia, standInPublisher } from './media-stand-in.ts';
import { addMeeting, meetingBody } from './meetings-fixtures.ts';

type Moderation = { roomId: number; publisherId: number; mids: string[]; mute: boolean };
const moderations: Moderation[] = [];
/** Publishers the stand-in's Admin API shows, by opaque id: their id in the room. */
const publishers = new Map<string, number>();

const media = standInMedia({
  grant: async (_room, binding) => `janus-test.${binding}`,
  openRoom: async () => ({ roomId: 900, node: 'janus-test' }),
  moderate: async ({ roomId }, publisherId, mids, mute) => {
    moderations.push({ roomId, publisherId, mids, mute });
  },
  roomState: async () => ({ node: 'janus-test', handles: [...publishers].map(([opaqueId, id]) => standInPublisher({ opaqueId, participantId: id, handleId: id + 1 })) }),
});

describe('muting a participant from Live meetings', () => {
  let server: TestServer;
  let admin: TestSession;

  beforeAll(async () => {
    server = await startTestServer({ media });
    admin = await server.login('acme', userEmail('acme', 'tenantadmin'));
  });
  afterAll(() => server?.close());

  /** A running meeting with a guest in it (as the node's events would say), and where to find them. */
  async function guestInMeeting(source: 'media' | 'simulator') {
    const host = await server.login('acme', userEmail('acme', 'member'));
    const meeting = await addMeeting(server, 'acme', host, meetingBody({ password: '246810', options: platformMeetingOptions }));
    let grant: { opaqueId: string; token: string } | null = null;
    let participant = 'guest-simulated';
    if (source === 'media') {
      expect((await server.request('acme', 'PUT', `/meetings/${meeting.id}/room`, { session: host })).status).toBe(200);
      grant = (await server.request('acme', 'POST', `/join/${meeting.meetingId}`, { body: { name: 'Ann Guest', password: '246810' } })).body;
      publishers.set(grant!.opaqueId, 77);
      participant = parseOpaqueId(grant!.opaqueId)!.participant;
    }
    const at = Date.now();
    await applyMediaEvents(server.database, source, [
      { key: `${source}-open`, node: 'janus-test', at, meetingId: meeting.id, type: 'room.opened' },
      { key: `${source}-in`, node: 'janus-test', at: at + 1, meetingId: meeting.id, type: 'participant.joined', participant, display: 'Ann Guest' },
      { key: `${source}-mic`, node: 'janus-test', at: at + 2, meetingId: meeting.id, type: 'stream.published', participant, streams: [{ kind: 'audio' }, { kind: 'video' }] },
    ]);
    const [session] = await server.database.withPlatform((tx) => tx.select().from(meetingSessions).where(eq(meetingSessions.meetingId, meeting.id)));
    const people = async () => (await server.request('acme', 'GET', `/live-meetings/${session!.id}/participants`, { session: admin })).body.items as { id: string; micOn: boolean; cameraOn: boolean }[];
    const [person] = await people();
    return { meeting, grant, participant, sessionId: session!.id, personId: person!.id, people };
  }
  const mute = (tenant: 'acme' | 'globex', as: TestSession, sessionId: string, personId: string, body: unknown) =>
    server.request(tenant, 'POST', `/live-meetings/${sessionId}/participants/${personId}/mute`, { session: as, body });

  it('mutes their audio on the node and in the list; they may lift it themself by their grant', async () => {
    const { meeting, grant, participant, sessionId, personId, people } = await guestInMeeting('media');
    expect((await people())[0]).toMatchObject({ micOn: true, cameraOn: true });

    const member = await server.login('acme', userEmail('acme', 'member'));
    expect((await mute('acme', member, sessionId, personId, { kinds: ['audio'] })).status).toBe(403);
    const globexAdmin = await server.login('globex', userEmail('globex', 'tenantadmin'));
    expect((await mute('globex', globexAdmin, sessionId, personId, { kinds: ['audio'] })).status).toBe(404);
    for (const body of [{ kinds: [] }, { kinds: ['screen'] }, { kinds: ['audio', 'audio'] }, {}]) expect((await mute('acme', admin, sessionId, personId, body)).status).toBe(400);
    expect(moderations).toEqual([]);

    const muted = await mute('acme', admin, sessionId, personId, { kinds: ['audio'] });
    expect(muted.status, muted.text).toBe(204);
    expect(moderations).toEqual([{ roomId: 900, publisherId: 77, mids: ['0'], mute: true }]);
    expect((await people())[0]).toMatchObject({ micOn: false, cameraOn: true });

    const lifted = await server.request('acme', 'POST', `/meetings/${meeting.id}/room/participants/${participant}/unmute`, { body: { kinds: ['audio'], grant: { opaqueId: grant!.opaqueId, token: grant!.token } } });
    expect(lifted.status, lifted.text).toBe(204);
    expect(moderations.at(-1)).toEqual({ roomId: 900, publisherId: 77, mids: ['0'], mute: false });
  });

  it('shows a simulated participant muted, with nothing asked of a node', async () => {
    const { sessionId, personId, people } = await guestInMeeting('simulator');
    moderations.length = 0;
    expect((await mute('acme', admin, sessionId, personId, { kinds: ['audio', 'video'] })).status).toBe(204);
    expect((await people())[0]).toMatchObject({ micOn: false, cameraOn: false });
    expect(moderations).toEqual([]);
  });
});
