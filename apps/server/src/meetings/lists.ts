// The member's meeting lists (spec 'Upcoming', 'Open', 'Past'). Upcoming and past are occurrences,
// expanded on the server from each meeting's rule within the asked window, so a recurring meeting
// shows each of its dates; the cursor is the last occurrence's (start, original start, meeting id).
// Past meetings are the runs that really happened (past-sessions.ts).
import { decodeKeysetCursor, keysetPage, newestFirstPage, timeKeyOfCursor } from '../kernel/db/keyset.ts';
import type { Schemas } from '../kernel/http/api.ts';
import { fieldError } from '../kernel/http/problem.ts';
import { joinUrlOf, requirePermission, type MeetingScope } from './access.ts';
import { exceptionsOf, listOpenMeetings, listScheduledInWindow, type MeetingRow } from './queries.ts';
import { pastSessionsPage } from './past-sessions.ts';
import { occurrencesBetween, type Occurrence } from './recurrence.ts';
import { scheduleOf } from './schedule.ts';

type MeetingOccurrence = Schemas['MeetingOccurrence'];
type Page = Schemas['MeetingOccurrencePage'];
type ListQuery = { q?: string | undefined; cursor?: string | undefined; limit?: number | undefined };

const DEFAULT_PAGE_SIZE = 25;
const DAY_MS = 24 * 60 * 60_000;
const DEFAULT_AHEAD_DAYS = 90;
const MAX_WINDOW_DAYS = 366;

function occurrenceDto(scope: Pick<MeetingScope, 'origin'>, row: MeetingRow, occurrence: Occurrence): MeetingOccurrence {
  return {
    id: row.id,
    meetingId: row.code,
    kind: row.kind,
    topic: occurrence.topic ?? row.topic,
    start: occurrence.start.toISOString(),
    end: new Date(occurrence.start.getTime() + occurrence.durationMinutes * 60_000).toISOString(),
    originalStart: occurrence.originalStart.toISOString(),
    timeZone: row.timeZone,
    recurring: row.rrule !== null,
    changed: occurrence.changed,
    hasPassword: row.password !== null,
    joinUrl: joinUrlOf(scope.origin, row.code),
    endToEndEncrypted: row.endToEndEncrypted,
  };
}

// The position of an occurrence in a list: its start, then its original start, then its meeting.
const keyOf = (item: MeetingOccurrence) => `${item.start}|${item.originalStart}`;
const compare = (a: MeetingOccurrence, b: MeetingOccurrence) => keyOf(a).localeCompare(keyOf(b)) || a.id.localeCompare(b.id);

function afterCursor(cursor: string | undefined): MeetingOccurrence | null {
  if (!cursor) return null;
  const { key, id } = decodeKeysetCursor(cursor);
  const [start, originalStart] = key.split('|');
  if (!start || !originalStart || Number.isNaN(Date.parse(start)) || Number.isNaN(Date.parse(originalStart))) {
    throw fieldError('cursor', 'invalid_cursor', 'The cursor is not one this list handed out');
  }
  return { id, start, originalStart } as MeetingOccurrence;
}

/** The occurrences of my scheduled meetings overlapping [from, to), in `direction` order, one page after the cursor. */
async function occurrencePage(scope: MeetingScope, window: { from: Date; to: Date; until?: Date }, query: ListQuery, direction: 1 | -1): Promise<Page> {
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const after = afterCursor(query.cursor);
  const items = await scope.db(async (tx) => {
    const rows = await listScheduledInWindow(tx, { userId: scope.userId, from: window.from, to: window.to, q: query.q?.trim() || undefined });
    const exceptions = await exceptionsOf(
      tx,
      rows.map((row) => row.id),
    );
    return rows.flatMap((row) =>
      occurrencesBetween(scheduleOf(row, exceptions), window.from, window.to, 1000)
        .filter((occurrence) => !window.until || occurrence.start.getTime() + occurrence.durationMinutes * 60_000 <= window.until.getTime())
        .map((occurrence) => occurrenceDto(scope, row, occurrence)),
    );
  });
  const ordered = items.sort((a, b) => direction * compare(a, b)).filter((item) => !after || direction * compare(item, after) > 0);
  const { page, nextCursor } = keysetPage(ordered, limit, keyOf);
  return { items: page, nextCursor };
}

export async function upcomingOccurrences(scope: MeetingScope, query: ListQuery & { from?: string | undefined; to?: string | undefined }): Promise<Page> {
  requirePermission(scope, 'scheduled', 'get');
  const from = query.from ? new Date(query.from) : scope.now();
  const to = query.to ? new Date(query.to) : new Date(from.getTime() + DEFAULT_AHEAD_DAYS * DAY_MS);
  if (to.getTime() <= from.getTime()) throw fieldError('to', 'end_before_start', 'Cannot Choose a Pre-Date for End Date');
  if (to.getTime() - from.getTime() > MAX_WINDOW_DAYS * DAY_MS) throw fieldError('to', 'window_too_long', `At most ${MAX_WINDOW_DAYS} days at a time.`);
  return occurrencePage(scope, { from, to }, query, 1);
}

export async function pastOccurrences(scope: MeetingScope, query: ListQuery & { from?: string | undefined; to?: string | undefined }): Promise<Page> {
  requirePermission(scope, 'scheduled', 'get');
  const now = scope.now();
  const today = now.toISOString().slice(0, 10);
  const toDay = query.to ?? today;
  const fromDay = query.from ?? new Date(Date.parse(`${toDay}T00:00:00Z`) - 30 * DAY_MS).toISOString().slice(0, 10);
  if (toDay < fromDay) throw fieldError('to', 'end_before_start', 'Cannot Choose a Pre-Date for End Date');
  const from = new Date(`${fromDay}T00:00:00Z`);
  const to = new Date(Date.parse(`${toDay}T00:00:00Z`) + DAY_MS);
  if (to.getTime() - from.getTime() > MAX_WINDOW_DAYS * DAY_MS) throw fieldError('to', 'window_too_long', `At most ${MAX_WINDOW_DAYS} days at a time.`);
  // The runs the media platform reported, hosted or attended: what happened, not what was planned.
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  return scope.db((tx) => pastSessionsPage(tx, { userId: scope.userId, origin: scope.origin, from, to, q: query.q?.trim() || undefined, cursor: query.cursor, limit }));
}

export async function openMeetings(scope: MeetingScope, query: ListQuery): Promise<Page> {
  requirePermission(scope, 'open', 'get');
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const after = query.cursor ? timeKeyOfCursor(query.cursor) : null;
  const rows = await scope.db((tx) => listOpenMeetings(tx, { userId: scope.userId, now: scope.now(), q: query.q?.trim() || undefined, after, limit: limit + 1 }));
  const { page, nextCursor } = newestFirstPage(rows, limit);
  return {
    items: page.map((row) => occurrenceDto(scope, row, { originalStart: row.startsAt, start: row.startsAt, durationMinutes: row.durationMinutes, topic: null, changed: false })),
    nextCursor,
  };
}
