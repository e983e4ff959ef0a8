// Opaque keyset cursors for lists ordered by one text column plus the row id: the cursor carries
// the last row's (key, id), so the next page starts right after it without OFFSET. A cursor that
// was not handed out by the list is a field error, never a 500.
import { fieldError } from './problem.ts';

export type KeysetPosition = { key: string; id: string };

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeKeysetCursor(position: KeysetPosition): string {
  return Buffer.from(JSON.stringify([position.key, position.id])).toString('base64url');
}

export function decodeKeysetCursor(cursor: string): KeysetPosition {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 2 && typeof parsed[0] === 'string' && typeof parsed[1] === 'string' && uuidPattern.test(parsed[1])) {
      return { key: parsed[0], id: parsed[1] };
    }
  } catch {
    // falls through to the field error
  }
  throw fieldError('cursor', 'invalid_cursor', 'The cursor is not one this list handed out');
}

/** One page of `limit` rows from `rows` (fetched with limit + 1) and the cursor of the next. */
export function keysetPage<Row extends { id: string }>(rows: Row[], limit: number, keyOf: (row: Row) => string): { page: Row[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, nextCursor: rows.length > limit && last ? encodeKeysetCursor({ key: keyOf(last), id: last.id }) : null };
}
