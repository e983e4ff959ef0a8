// Past meetings of a member (spec 'Past meetings', `userCompletedMeetings`): the meeting runs that
// really happened, as the media platform reported them (meeting_sessions, src/live/apply.ts), that
// the member hosted or attended, rather than the dates their schedule said. A run outlives its
// meeting: one whose meeting was deleted still shows, under its own id.
import { and, desc, eq, exists, gte, ilike, isNotNull, lt, or, sql } from 'drizzle-orm';
import { microsecondKey, newestFirstPage, olderThan, timeKeyOfCursor } from '../kernel/db/keyset.ts';
import { meetingParticipants, meetings, meetingSessions } from '../kernel/db/schema.ts';
import type { Database } from '../kernel/db/types.ts';
import type { Schemas } from '../kernel/http/api.ts';
import { joinUrlOf } from './access.ts';
import { likePattern } from '../kernel/db/like.ts';

type Page = Schemas['MeetingOccurrencePage'];


/** The member's ended sessions started in [from, to), newest first, one page after the cursor. */
export async function pastSessionsPage(
  tx: Database,
  filter: { userId: string; origin: string; from: Date; to: Date; q?: string | undefined; cursor?: string | undefined; limit: number },
): Promise<Page> {
  const after = filter.cursor ? timeKeyOfCursor(filter.cursor) : null;
  const pattern = filter.q ? likePattern(filter.q) : null;
  const attended = tx
    .select({ one: sql`1` })
    .from(meetingParticipants)
    .where(and(eq(meetingParticipants.sessionId, meetingSessions.id), eq(meetingParticipants.userId, filter.userId)));
  const rows = await tx
    .select({
      id: meetingSessions.id,
      meetingId: meetingSessions.meetingId,
      code: meetingSessions.code,
      topic: meetingSessions.topic,
      startedAt: meetingSessions.startedAt,
      endedAt: meetingSessions.endedAt,
      kind: meetings.kind,
      timeZone: meetings.timeZone,
      rrule: meetings.rrule,
      password: meetings.password,
      at: microsecondKey(meetingSessions.startedAt),
    })
    .from(meetingSessions)
    .leftJoin(meetings, eq(meetings.id, meetingSessions.meetingId))
    .where(
      and(
        isNotNull(meetingSessions.endedAt),
        or(eq(meetingSessions.hostId, filter.userId), exists(attended)),
        gte(meetingSessions.startedAt, filter.from),
        lt(meetingSessions.startedAt, filter.to),
        pattern ? or(ilike(meetingSessions.topic, pattern), ilike(meetingSessions.code, pattern)) : undefined,
        after ? olderThan(meetingSessions.startedAt, meetingSessions.id, after) : undefined,
      ),
    )
    .orderBy(desc(meetingSessions.startedAt), desc(meetingSessions.id))
    .limit(filter.limit + 1);
  const { page, nextCursor } = newestFirstPage(rows, filter.limit);
  return {
    items: page.map((row) => ({
      id: row.meetingId ?? row.id,
      meetingId: row.code,
      kind: row.kind ?? 'scheduled',
      topic: row.topic,
      start: row.startedAt.toISOString(),
      end: (row.endedAt ?? row.startedAt).toISOString(),
      // Names this run of the meeting: its start.
      originalStart: row.startedAt.toISOString(),
      timeZone: row.timeZone ?? 'UTC',
      recurring: row.rrule !== null && row.rrule !== undefined,
      changed: false,
      hasPassword: row.password !== null && row.password !== undefined,
      joinUrl: joinUrlOf(filter.origin, row.code),
    })),
    nextCursor,
  };
}
