// Keyset paging: a list's cursor carries the last row's key and id, so the next page starts right
// after it through an index range scan, without OFFSET. Cursors are opaque to clients (JSON in
// base64url); one that this server did not hand out is a field error, never a 500.
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { fieldError } from '../http/problem.ts';

/** The text of a cursor holding `value`. */
export const encodeCursorValue = (value: unknown): string => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');

/** The value a cursor holds, or undefined when it is no cursor at all; the list checks the value's shape. */
export function decodeCursorValue(cursor: string): unknown {
  try {
    return JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string => typeof value === 'string' && uuidPattern.test(value);

const notHandedOut = () => fieldError('cursor', 'invalid_cursor', 'The cursor is not one this list handed out');

/** The position of a list ordered by one text column plus the row id. */
export type KeysetPosition = { key: string; id: string };

export const encodeKeysetCursor = (position: KeysetPosition): string => encodeCursorValue([position.key, position.id]);

export function decodeKeysetCursor(cursor: string): KeysetPosition {
  const parsed = decodeCursorValue(cursor);
  if (Array.isArray(parsed) && parsed.length === 2 && typeof parsed[0] === 'string' && isUuid(parsed[1])) return { key: parsed[0], id: parsed[1] };
  throw notHandedOut();
}

/**
 * A page's LIMIT written into the statement's text instead of sent as a parameter. A prepared
 * statement is planned once for all its values (a generic plan) only when that plan is priced no
 * higher than planning for each value; with `limit $n` the planner must assume a tenth of the rows
 * are asked for, so the statement was planned again on every execution, 0.1 to 0.2 ms of a users
 * page on PGlite. A page's LIMIT takes a few values only, so its statement texts stay few.
 * Drizzle's `limit()` writes SQL it is given as that SQL; its type admits only numbers and placeholders.
 */
export function literalLimit(limit: number): number {
  if (!Number.isSafeInteger(limit) || limit < 0) throw new Error(`Not a LIMIT: ${limit}`);
  return sql.raw(String(limit)) as unknown as number;
}

/**
 * One page of `limit` rows from `rows` (read with limit + 1: the extra row tells that another page
 * follows, without counting) and the next page's cursor, made from the page's last row.
 */
export function pageOf<Row>(rows: readonly Row[], limit: number, cursorOf: (last: Row) => string): { page: Row[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, nextCursor: rows.length > limit && last !== undefined ? cursorOf(last) : null };
}

/** One page of `limit` rows from `rows` (fetched with limit + 1) and the cursor of the next. */
export function keysetPage<Row extends { id: string }>(rows: Row[], limit: number, keyOf: (row: Row) => string): { page: Row[]; nextCursor: string | null } {
  return pageOf(rows, limit, (last) => encodeKeysetCursor({ key: keyOf(last), id: last.id }));
}

// Newest first on (timestamp, id). A JS Date keeps milliseconds, PostgreSQL microseconds (and rows
// of one transaction share `now()`), so a cursor built from a Date would skip rows: the key carries
// the timestamp as microsecond text and the comparison is one row value.

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
  if (!isMicrosecondTimestamp(key)) throw notHandedOut();
  return { at: key, id };
}

/** One page of `limit` rows from `rows` (read with limit + 1, `at` = `microsecondKey` of the order column) and the next page's cursor. */
export function newestFirstPage<Row extends { at: string; id: string }>(rows: Row[], limit: number): { page: Row[]; nextCursor: string | null } {
  return keysetPage(rows, limit, (row) => row.at);
}
