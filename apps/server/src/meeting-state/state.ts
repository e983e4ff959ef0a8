// Meeting state: what the media server holds for a running meeting, read live from its admin
// interface (media/platform.ts `roomState`) and sorted into the screen's three tables. Publishers
// and subscribers are the handles in the room; orphans are handles that attached with a grant into
// the room and never joined it (or left), handles whose media did not come up within
// `notReadyAfterSeconds` of attaching, and subscribers whose publisher has left. A subscriber has no
// display name of its own on the media server: its opaque id names the participant, whose name the
// media events recorded.
import { and, eq, isNull } from 'drizzle-orm';
import { meetingParticipants, meetingRooms, meetingSessions } from '../kernel/db/schema.ts';
import type { Schemas } from '../kernel/http/api.ts';
import { parseOpaqueId } from '../live/index.ts';
import type { MediaHandle, MediaPlatform } from '../media/index.ts';
import { inspectedMeeting, type InspectScope } from './access.ts';
import { present } from '../kernel/db/present.ts';
import { simulatedRoomState } from './simulated-room.ts';

type StreamRow = Schemas['StreamRow'];

/** A handle that should be sending or receiving media and still is not after this long is stuck. */
export const notReadyAfterSeconds = 30;

function rowOf(handle: MediaHandle, mediaServer: string, names: Map<string, string>, orphanReason: StreamRow['orphanReason']): StreamRow {
  const person = parseOpaqueId(handle.opaqueId)?.participant;
  return {
    sessionId: handle.sessionId,
    handleId: handle.handleId,
    participantId: handle.participantId,
    feedId: handle.feedIds[0] ?? null,
    audio: handle.audio,
    video: handle.video,
    ice: handle.ice,
    dtls: handle.dtls,
    ready: handle.ready,
    streamType: handle.role,
    mediaServer,
    audioCodec: handle.audioCodec,
    displayName: handle.display ?? (person ? (names.get(person) ?? null) : null),
    feedDisplayName: handle.feedDisplay,
    orphanReason,
  };
}

export function sortHandles(handles: MediaHandle[], mediaServer: string, names: Map<string, string>, publisher: number | undefined) {
  const publisherIds = new Set(handles.filter((handle) => handle.role === 'publisher' && handle.participantId !== null).map((handle) => present(handle.participantId, 'handle.participantId')));
  const publishers: StreamRow[] = [];
  const subscribers: StreamRow[] = [];
  const orphans: StreamRow[] = [];
  for (const handle of handles) {
    const stuck = !handle.ready && handle.hasStreams && handle.ageSeconds >= notReadyAfterSeconds;
    const feedGone = handle.role === 'subscriber' && handle.feedIds.length > 0 && handle.feedIds.every((id) => !publisherIds.has(id));
    const reason: StreamRow['orphanReason'] = handle.role === null ? 'no_room' : feedGone ? 'feed_gone' : stuck ? 'not_ready' : null;
    const row = rowOf(handle, mediaServer, names, reason);
    if (reason) orphans.push(row);
    else if (handle.role === 'publisher') publishers.push(row);
    else subscribers.push(row);
  }
  const choices = publishers
    .filter((row) => row.participantId !== null)
    .map((row) => ({ participantId: present(row.participantId, 'row.participantId'), displayName: row.displayName ?? '' }));
  if (publisher === undefined) return { publisherChoices: choices, publishers, subscribers, orphans };
  const watches = (row: StreamRow) => row.feedId === publisher;
  return {
    publisherChoices: choices,
    publishers: publishers.filter((row) => row.participantId === publisher),
    subscribers: subscribers.filter(watches),
    orphans: orphans.filter(watches),
  };
}

const byHandle = (a: StreamRow, b: StreamRow) => (a.displayName ?? '').localeCompare(b.displayName ?? '') || a.handleId - b.handleId;

export async function meetingState(scope: InspectScope & { media: MediaPlatform }, code: string, publisher: number | undefined): Promise<Schemas['MeetingState']> {
  const { meeting, db } = await inspectedMeeting(scope, code);
  const running = await db(async (tx) => {
    const [room] = await tx.select().from(meetingRooms).where(eq(meetingRooms.meetingId, meeting.id)).limit(1);
    const [session] = await tx
      .select({ id: meetingSessions.id, source: meetingSessions.source, node: meetingSessions.node, startedAt: meetingSessions.startedAt })
      .from(meetingSessions)
      .where(and(eq(meetingSessions.meetingId, meeting.id), isNull(meetingSessions.endedAt)))
      .limit(1);
    if (!room && session?.source !== 'simulator') return null;
    const people = session
      ? await tx
          .select({ key: meetingParticipants.participantKey, name: meetingParticipants.displayName })
          .from(meetingParticipants)
          .where(eq(meetingParticipants.sessionId, session.id))
      : [];
    const names = new Map(people.map((person) => [person.key, person.name]));
    if (room) return { kind: 'media', room, names } as const;
    const simulated = present(session, 'session');
    return { kind: 'simulated', startedAt: simulated.startedAt, names, state: await simulatedRoomState(tx, { id: simulated.id, meetingId: meeting.id, node: simulated.node }, Date.now()) } as const;
  });
  const base = { code: meeting.code, topic: meeting.topic };
  if (!running) return { ...base, running: false, simulated: false, mediaServer: null, startedAt: null, publisherChoices: [], publishers: [], subscribers: [], orphans: [] };
  // The traffic simulator's meetings are answered by the simulator as its node would (simulated-room.ts).
  const simulated = running.kind === 'simulated';
  const state = simulated ? running.state : await scope.media.roomState(running.room.roomId);
  const lists = sortHandles(state.handles, state.node, running.names, publisher);
  return {
    ...base,
    running: true,
    simulated,
    mediaServer: state.node,
    startedAt: (simulated ? running.startedAt : running.room.startedAt).toISOString(),
    publisherChoices: lists.publisherChoices,
    publishers: lists.publishers.sort(byHandle),
    subscribers: lists.subscribers.sort(byHandle),
    orphans: lists.orphans.sort(byHandle),
  };
}
