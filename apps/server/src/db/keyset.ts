// Keyset paging on (timestamp, id), newest first. A JS Date keeps milliseconds, PostgreSQL
// microseconds (and rows of one transaction share `now()`), so a cursor built from a Date would
// skip rows: the key carries the timestamp as microsecond text and the comparison is one row value.
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { decodeKeysetCursor, keysetPage } from '../http/keyset-cursor.ts';
import { fieldError } from '../http/problem.ts';

/** The column as UTC text with microseconds, e.g. `2026-11-22T08:09:51.123456Z`, for cursors. */
export const microsecondKey = (column: AnyColumn) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export type TimeKey = { at: string; id: string };

/** Rows after `key` in (at desc, id desc) order. */
export const olderThan = (at: AnyColumn, id: AnyColumn, key: TimeKey): SQL => sql`(${at}, ${id}) < (${key.at}::timestamptz, ${key.id}::uuid)`;

// Microsecond precision as PostgreSQL stores it.
const microsecondText = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/**
 * A UTC timestamp with microseconds that exists: the pattern alone lets through 2024-02-31 or hour
 * 99, which JavaScript may still parse (rolling over) but the database refuses with an error.
 */
export function isMicrosecondTimestamp(value: string): boolean {
  if (!microsecondText.test(value)) return false;
  const millis = `${value.slice(0, 23)}Z`;
  const date = new Date(millis);
  // A date that does not exist either fails to parse or comes back as another day.
  return !Number.isNaN(date.getTime()) && date.getUTCFullYear() > 0 && date.toISOString() === millis;
}

/** The key of a `cursor` query parameter; anything this server did not hand out is a field error (400). */
export function timeKeyOfCursor(cursor: string): TimeKey {
  const { key, id } = decodeKeysetCursor(cursor);
  if (!isMicrosecondTimestamp(key)) throw fieldError('cursor', 'invalid_cursor', 'The cursor is not one this list handed out');
  return { at: key, id };
}

/** One page of `limit` rows from `rows` (read with limit + 1, `at` = `microsecondKey` of the order column) and the next page's cursor. */
export function newestFirstPage<Row extends { at: string; id: string }>(rows: Row[], limit: number): { page: Row[]; nextCursor: string | null } {
  return keysetPage(rows, limit, (row) => row.at);
}
