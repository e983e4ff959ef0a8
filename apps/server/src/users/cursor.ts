// Opaque keyset cursors for the users list. A cursor carries the sort it was made for and the
// last row's key values, so a page can start right after that row through an index range scan
// (no OFFSET), and a cursor replayed against another sort is refused instead of silently
// skipping or repeating rows.
import { ProblemError } from '../kernel/http/problem.ts';
import { decodeCursorValue, encodeCursorValue, isMicrosecondTimestamp, isUuid } from '../kernel/db/keyset.ts';
import { present } from '../kernel/db/present.ts';

export const userSorts = [
  'email',
  '-email',
  'firstName',
  '-firstName',
  'lastName',
  '-lastName',
  'status',
  '-status',
  'createdAt',
  '-createdAt',
] as const;

export type UserSort = (typeof userSorts)[number];
export type UserSortField = 'email' | 'firstName' | 'lastName' | 'status' | 'createdAt';

/** The parts of the row that order it totally: the sorted field, then a unique tie-breaker. */
export type UserSortKey =
  | { field: 'email'; email: string }
  | { field: 'status'; status: 'enabled' | 'disabled'; email: string }
  | { field: 'firstName' | 'lastName'; value: string; id: string }
  | { field: 'createdAt'; createdAt: string; id: string };

export type ParsedSort = { field: UserSortField; descending: boolean };

export function parseSort(sort: string | undefined): ParsedSort {
  const value = (sort ?? 'email') as UserSort;
  if (!userSorts.includes(value)) throw invalidSort();
  const descending = value.startsWith('-');
  return { field: (descending ? value.slice(1) : value) as UserSortField, descending };
}

export function encodeCursor(sort: UserSort, key: UserSortKey): string {
  const values =
    key.field === 'email'
      ? [key.email]
      : key.field === 'status'
        ? [key.status, key.email]
        : key.field === 'createdAt'
          ? [key.createdAt, key.id]
          : [key.value, key.id];
  return encodeCursorValue({ s: sort, k: values });
}

/** Decodes a cursor made for `sort`; anything else (tampered, truncated, another sort) is a 400. */
export function decodeCursor(cursor: string, sort: UserSort): UserSortKey {
  const parsed = decodeCursorValue(cursor);
  if (typeof parsed !== 'object' || parsed === null) throw invalidCursor();
  const { s, k } = parsed as { s?: unknown; k?: unknown };
  if (s !== sort || !Array.isArray(k) || !k.every((v) => typeof v === 'string')) throw invalidCursor();
  const values = k;
  const { field } = parseSort(sort);
  switch (field) {
    case 'email':
      if (values.length !== 1) throw invalidCursor();
      return { field, email: present(values[0], 'values[0]') };
    case 'status': {
      const [status, email] = values;
      if (values.length !== 2 || (status !== 'enabled' && status !== 'disabled')) throw invalidCursor();
      return { field, status, email: present(email, 'email') };
    }
    case 'createdAt': {
      const [createdAt, id] = values;
      if (values.length !== 2 || !isMicrosecondTimestamp(present(createdAt, 'createdAt')) || !isUuid(id)) throw invalidCursor();
      return { field, createdAt: present(createdAt, 'createdAt'), id: id };
    }
    default: {
      const [value, id] = values;
      if (values.length !== 2 || !isUuid(id)) throw invalidCursor();
      return { field, value: present(value, 'value'), id: id };
    }
  }
}

function invalidCursor() {
  return new ProblemError(400, 'validation_failed', {
    detail: 'The cursor does not belong to this list and sort.',
    errors: [{ field: 'cursor', code: 'invalid_value' }],
  });
}

function invalidSort() {
  return new ProblemError(400, 'validation_failed', { errors: [{ field: 'sort', code: 'invalid_value' }] });
}
