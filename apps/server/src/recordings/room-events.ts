// What the meeting's media events (src/live, table media_events) tell a recording's picture
// (layout.ts): which raw files are the host's and when a screen was shared. A raw file is named by
// its publisher's id on the media server (`-user-<id>-`, convert.ts publisherOf); the Janus adapter
// writes that id on each `stream.published` event (`publisher`), next to the participant (the
// join grant's key: a user id, or `guest-<uuid>`), so the host's publishers are those published
// by the meeting's host. Screen sharing: a `stream.published` with a stream of kind `screen` starts
// it (for that publisher), a `stream.unpublished` naming `screen`, or the participant leaving, ends
// it. Event times are the media server's own clock (Janus's event timestamps), the clock of the raw
// files' `u` headers, so they place on the recording's timeline directly.
import { and, asc, eq, gte, inArray, isNull, lte, or } from 'drizzle-orm';
import { mediaEvents, meetingSessions } from '../kernel/db/schema.ts';
import type { Database } from '../kernel/db/types.ts';

/** Screen shares in epoch milliseconds (`toMs` Infinity: still shared when the events end). */
export type RoomFacts = { hostPublishers: Set<string>; screens: { publisher: string; fromMs: number; toMs: number }[] };

type EventRow = { type: string; participantKey: string | null; occurredAt: Date; data: Record<string, unknown> };

/** The facts of a list of events in time order (see the top). */
export function roomFactsOf(events: EventRow[], hostId: string | null): RoomFacts {
  const hostPublishers = new Set<string>();
  const screens: RoomFacts['screens'] = [];
  const open = new Map<string, { publisher: string; fromMs: number }>();
  const close = (participant: string, at: number) => {
    const share = open.get(participant);
    if (!share) return;
    open.delete(participant);
    screens.push({ ...share, toMs: at });
  };
  for (const event of events) {
    const participant = event.participantKey;
    if (participant === null) continue;
    const at = event.occurredAt.getTime();
    if (event.type === 'stream.published') {
      const publisher = typeof event.data.publisher === 'string' ? event.data.publisher : null;
      if (publisher === null) continue;
      if (participant === hostId) hostPublishers.add(publisher);
      const streams = Array.isArray(event.data.streams) ? (event.data.streams as { kind?: unknown }[]) : [];
      if (streams.some((stream) => stream.kind === 'screen') && !open.has(participant)) open.set(participant, { publisher, fromMs: at });
    } else if (event.type === 'stream.unpublished') {
      const kinds = Array.isArray(event.data.kinds) ? (event.data.kinds as unknown[]) : [];
      if (kinds.includes('screen')) close(participant, at);
    } else if (event.type === 'participant.left') close(participant, at);
  }
  for (const participant of [...open.keys()]) close(participant, Number.POSITIVE_INFINITY);
  return { hostPublishers, screens };
}

/**
 * The facts of the meeting runs a recording covers, in its tenant transaction: every run (session)
 * of its meeting that overlaps the recording's span on the media server's clock (`fromMs`–`toMs`,
 * from its raw files), since a media node that restarted mid-meeting leaves the files of two runs
 * in the room's folder (src/meetings/room-restart.ts re-creates the room with the same id); without
 * a meeting, its own run only; none without either.
 */
export async function roomFacts(tx: Database, of: { meetingId: string | null; sessionId: string | null; hostId: string | null; fromMs: number; toMs: number }): Promise<RoomFacts> {
  let sessionIds = of.sessionId === null ? [] : [of.sessionId];
  if (of.meetingId !== null && Number.isFinite(of.fromMs) && Number.isFinite(of.toMs)) {
    const runs = await tx
      .select({ id: meetingSessions.id })
      .from(meetingSessions)
      .where(
        and(
          eq(meetingSessions.meetingId, of.meetingId),
          lte(meetingSessions.startedAt, new Date(of.toMs)),
          or(isNull(meetingSessions.endedAt), gte(meetingSessions.endedAt, new Date(of.fromMs))),
        ),
      );
    sessionIds = [...new Set([...sessionIds, ...runs.map((run) => run.id)])];
  }
  if (sessionIds.length === 0) return { hostPublishers: new Set(), screens: [] };
  const rows = await tx
    .select({ type: mediaEvents.type, participantKey: mediaEvents.participantKey, occurredAt: mediaEvents.occurredAt, data: mediaEvents.data })
    .from(mediaEvents)
    .where(and(inArray(mediaEvents.sessionId, sessionIds), inArray(mediaEvents.type, ['stream.published', 'stream.unpublished', 'participant.left'])))
    .orderBy(asc(mediaEvents.occurredAt), asc(mediaEvents.id));
  return roomFactsOf(rows, of.hostId);
}
