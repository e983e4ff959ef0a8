// What the traffic simulator's node holds for one of its meetings, answered as a media node's admin
// interface would (media/platform.ts `roomState`): each person in the meeting has a publisher
// handle, and a subscriber handle for everyone else's feed; now and then a handle lingers outside
// the room (a second tab that attached with the grant and never joined) or still watches someone
// who left a moment ago. The simulator has no process of its own to ask, and a second replica must
// answer the same: everything comes from the participants the simulated events wrote, and the ids
// from a hash of them, so every read of the same moment gives the same handles.
import { eq } from 'drizzle-orm';
import { meetingParticipants } from '../kernel/db/schema.ts';
import type { Database } from '../kernel/db/types.ts';
import { mixSeed, opaqueIdOf } from '../live/index.ts';
import type { MediaHandle, RoomState } from '../media/index.ts';

/** How long a subscriber still watches a publisher that left (the node tears it down after). */
const lingerSeconds = 20;
/** Of every this many people, about one has a tab attached outside the room. */
const strayTabEvery = 6;
const audioKbps = 32;

function hashOf(text: string): number {
  return mixSeed(...Array.from(text, (char) => char.charCodeAt(0)));
}

/** A Janus-like id: positive, up to 2^53. */
const bigId = (...parts: number[]) => mixSeed(...parts) * 2 ** 21 + (mixSeed(...parts, 0x5eed) % 2 ** 21);

type Person = typeof meetingParticipants.$inferSelect;

export async function simulatedRoomState(tx: Database, session: { id: string; meetingId: string; node: string }, now: number): Promise<RoomState> {
  const people = await tx.select().from(meetingParticipants).where(eq(meetingParticipants.sessionId, session.id)).orderBy(meetingParticipants.participantKey);
  const sessionSeed = hashOf(session.id);
  const present = people.filter((person) => person.leftAt === null);
  const justLeft = people.filter((person) => person.leftAt !== null && now - person.leftAt.getTime() < lingerSeconds * 1000);
  const publisherIdOf = (person: Person) => mixSeed(sessionSeed, hashOf(person.participantKey), 1) % 2 ** 31;
  const ageOf = (person: Person) => Math.max(0, Math.floor((now - (person.lastJoinedAt ?? person.joinedAt).getTime()) / 1000));
  const videoKbps = (person: Person, kbps: number | null) => Math.max(0, (kbps ?? 0) - (person.micOn ? audioKbps : 0));

  const handles: MediaHandle[] = [];
  const handle = (person: Person, salt: number, fields: Partial<MediaHandle> & Pick<MediaHandle, 'role'>): MediaHandle => {
    // Media comes up a few seconds after joining; until then the handle is not ready.
    const ready = ageOf(person) >= 3;
    return {
      sessionId: bigId(sessionSeed, hashOf(person.participantKey)),
      handleId: bigId(sessionSeed, hashOf(person.participantKey), salt),
      opaqueId: opaqueIdOf(session.meetingId, person.participantKey),
      participantId: null,
      feedIds: [],
      display: null,
      feedDisplay: null,
      hasStreams: false,
      audio: null,
      video: null,
      audioCodec: null,
      ice: ready ? 'connected' : 'checking',
      dtls: ready ? 'connected' : null,
      ready,
      ageSeconds: ageOf(person),
      ...fields,
    };
  };

  for (const person of present) {
    const publishing = person.micOn || person.cameraOn || person.screenSharing;
    handles.push(
      handle(person, 1, {
        role: 'publisher',
        participantId: publisherIdOf(person),
        display: person.displayName,
        hasStreams: publishing,
        audio: person.micOn ? { direction: 'in', kbps: audioKbps } : null,
        video: person.cameraOn || person.screenSharing ? { direction: 'in', kbps: videoKbps(person, person.bitrateInKbps) } : null,
        audioCodec: person.micOn ? (person.audioCodec ?? 'opus') : null,
      }),
    );
    for (const feed of [...present, ...justLeft]) {
      if (feed === person || !(feed.micOn || feed.cameraOn || feed.screenSharing || feed.leftAt)) continue;
      handles.push(
        handle(person, hashOf(feed.participantKey), {
          role: 'subscriber',
          feedIds: [publisherIdOf(feed)],
          feedDisplay: feed.displayName,
          hasStreams: true,
          audio: feed.micOn && !feed.leftAt ? { direction: 'out', kbps: audioKbps } : null,
          video: (feed.cameraOn || feed.screenSharing) && !feed.leftAt ? { direction: 'out', kbps: videoKbps(feed, feed.bitrateOutKbps) } : null,
          audioCodec: feed.micOn ? (feed.audioCodec ?? 'opus') : null,
        }),
      );
    }
    if (mixSeed(sessionSeed, hashOf(person.participantKey), 2) % strayTabEvery === 0) {
      handles.push(handle(person, 2, { role: null, ice: null, dtls: null, ready: false }));
    }
  }
  return { node: session.node, handles };
}
