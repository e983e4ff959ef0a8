// Keyset paging on (timestamp, id), newest first. A JS Date keeps milliseconds, PostgreSQL
// microseconds (and rows of one transaction share `now()`), so a cursor built from a Date would
// skip rows: the key carries the timestamp as microsecond text and the comparison is one row value.
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { fieldError } from '../http/problem.ts';

/** The column as UTC text with microseconds, e.g. `2026-11-22T08:09:51.123456Z`, for cursors. */
export const microsecondKey = (column: AnyColumn) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export type TimeKey = { at: string; id: string };

/** Rows after `key` in (at desc, id desc) order. */
export const olderThan = (at: AnyColumn, id: AnyColumn, key: TimeKey): SQL => sql`(${at}, ${id}) < (${key.at}::timestamptz, ${key.id}::uuid)`;

const microsecondText = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const uuidText = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const encodeTimeKey = (key: TimeKey): string => Buffer.from(JSON.stringify([key.at, key.id])).toString('base64url');

/** The key of a cursor this server handed out, or null for anything else. */
export function decodeTimeKey(cursor: string): TimeKey | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 2 && typeof parsed[0] === 'string' && typeof parsed[1] === 'string') {
      if (microsecondText.test(parsed[0]) && !Number.isNaN(Date.parse(parsed[0])) && uuidText.test(parsed[1])) return { at: parsed[0], id: parsed[1] };
    }
  } catch {
    // not a cursor of ours
  }
  return null;
}

/** The key of a `cursor` query parameter; anything this server did not hand out is a field error (400). */
export function timeKeyOfCursor(cursor: string): TimeKey {
  const key = decodeTimeKey(cursor);
  if (!key) throw fieldError('cursor', 'invalid_cursor', 'The cursor is not one this list handed out');
  return key;
}

/** One page of `limit` rows from `rows` (read with limit + 1, `at` = `microsecondKey` of the order column) and the next page's cursor. */
export function newestFirstPage<Row extends { at: string; id: string }>(rows: Row[], limit: number): { page: Row[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, nextCursor: rows.length > limit && last ? encodeTimeKey({ at: last.at, id: last.id }) : null };
}
