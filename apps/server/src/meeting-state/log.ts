// Meeting log: one run of a meeting (a meeting session) as the media events told it, in the order
// things happened, paged forward by (occurred at, id). Statistics samples arrive every few seconds per
// participant and would bury the rest, so they are left out unless asked for, and counted.
import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { decodeCursorValue, encodeCursorValue, isMicrosecondTimestamp, microsecondKey, pageOf } from '../kernel/db/keyset.ts';
import { mediaEvents, meetingParticipants, meetingSessions } from '../kernel/db/schema.ts';
import type { Schemas } from '../kernel/http/api.ts';
import { fieldError } from '../kernel/http/problem.ts';
import { inspectedMeeting, type InspectScope } from './access.ts';
import { present } from '../kernel/db/present.ts';

type LogEvent = Schemas['MeetingLogEvent'];
type LogQuery = { session?: string; stats?: boolean; cursor?: string; limit?: number };
type LogPosition = { at: string; id: number };

const cursorOf = (position: LogPosition) => encodeCursorValue([position.at, position.id]);

function positionOf(cursor: string): LogPosition {
  const value = decodeCursorValue(cursor);
  if (Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && isMicrosecondTimestamp(value[0]) && Number.isSafeInteger(value[1])) {
    return { at: value[0], id: value[1] as number };
  }
  throw fieldError('cursor', 'invalid_cursor', 'The cursor is not one this list handed out');
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const kinds = new Set(['audio', 'video', 'screen']);
type Kind = 'audio' | 'video' | 'screen';

/** The stored event's data (live/events.ts without its envelope) as the contract shows it. */
export function logEventOf(row: { id: number; occurredAt: Date; type: string; participantKey: string | null; data: Record<string, unknown> }, names: Map<string, string>): LogEvent {
  const { data } = row;
  const event: LogEvent = {
    id: row.id,
    occurredAt: row.occurredAt.toISOString(),
    type: row.type as LogEvent['type'],
    participantKey: row.participantKey,
    participantName: row.participantKey ? (names.get(row.participantKey) ?? text(data.display) ?? null) : null,
  };
  switch (row.type) {
    case 'participant.left':
      if (text(data.reason)) event.reason = present(text(data.reason), 'text(data.reason)');
      break;
    case 'stream.published':
      event.streams = (Array.isArray(data.streams) ? (data.streams as Record<string, unknown>[]) : [])
        .filter((stream) => kinds.has(String(stream.kind)))
        .map((stream) => ({ kind: stream.kind as Kind, ...(text(stream.codec) ? { codec: present(text(stream.codec), 'text(stream.codec)') } : {}) }));
      break;
    case 'stream.unpublished':
      event.kinds = (Array.isArray(data.kinds) ? (data.kinds as unknown[]) : []).filter((kind): kind is Kind => kinds.has(String(kind)));
      break;
    case 'participant.client': {
      const client = (data.client ?? {}) as Record<string, unknown>;
      event.client = Object.fromEntries(Object.entries(client).filter(([, value]) => typeof value === 'string')) as Record<string, string>;
      break;
    }
    case 'media.stats':
      event.stats = {
        kind: data.kind === 'audio' ? 'audio' : 'video',
        ...(text(data.codec) ? { codec: present(text(data.codec), 'text(data.codec)') } : {}),
        inKbps: number(data.inKbps),
        outKbps: number(data.outKbps),
        packetLoss: number(data.packetLoss),
        jitterMs: number(data.jitterMs),
        rttMs: number(data.rttMs),
      };
      break;
  }
  return event;
}

export async function meetingLog(scope: InspectScope, code: string, query: LogQuery): Promise<Schemas['MeetingLog']> {
  const { meeting, db } = await inspectedMeeting(scope, code);
  const limit = query.limit ?? 25;
  const after = query.cursor ? positionOf(query.cursor) : null;
  return db(async (tx) => {
    const runs = await tx
      .select({ id: meetingSessions.id, startedAt: meetingSessions.startedAt, endedAt: meetingSessions.endedAt, node: meetingSessions.node })
      .from(meetingSessions)
      .where(eq(meetingSessions.meetingId, meeting.id))
      .orderBy(desc(meetingSessions.startedAt));
    const sessions = runs.map((run) => ({ id: run.id, startedAt: run.startedAt.toISOString(), endedAt: run.endedAt?.toISOString() ?? null, node: run.node }));
    const base = { code: meeting.code, topic: meeting.topic, sessions };
    const chosen = query.session ? runs.find((run) => run.id === query.session) : runs[0];
    if (query.session && !chosen) throw fieldError('session', 'invalid_session', 'Not a run of this meeting');
    if (!chosen) return { ...base, sessionId: null, statsSamples: 0, items: [], nextCursor: null };
    const inRun = eq(mediaEvents.sessionId, chosen.id);
    const shown = query.stats ? inRun : and(inRun, ne(mediaEvents.type, 'media.stats'));
    const rows = await tx
      .select({ id: mediaEvents.id, at: microsecondKey(mediaEvents.occurredAt), occurredAt: mediaEvents.occurredAt, type: mediaEvents.type, participantKey: mediaEvents.participantKey, data: mediaEvents.data })
      .from(mediaEvents)
      .where(after ? and(shown, sql`(${mediaEvents.occurredAt}, ${mediaEvents.id}) > (${after.at}::timestamptz, ${after.id})`) : shown)
      .orderBy(asc(mediaEvents.occurredAt), asc(mediaEvents.id))
      .limit(limit + 1);
    const [{ samples }] = (await tx
      .select({ samples: count() })
      .from(mediaEvents)
      .where(and(inRun, eq(mediaEvents.type, 'media.stats')))) as [{ samples: number }];
    const { page, nextCursor } = pageOf(rows, limit, (last) => cursorOf({ at: last.at, id: last.id }));
    const keys = [...new Set(page.map((row) => row.participantKey).filter((key): key is string => key !== null))];
    const people =
      keys.length === 0
        ? []
        : await tx
            .select({ key: meetingParticipants.participantKey, name: meetingParticipants.displayName })
            .from(meetingParticipants)
            .where(and(eq(meetingParticipants.sessionId, chosen.id), inArray(meetingParticipants.participantKey, keys)));
    const names = new Map(people.map((person) => [person.key, person.name]));
    return {
      ...base,
      sessionId: chosen.id,
      statsSamples: Number(samples),
      items: page.map((row) => logEventOf(row, names)),
      nextCursor,
    };
  });
}
