import { drizzle } from 'drizzle-orm/pglite';
import { describe, expect, it } from 'vitest';
import { literalLimit } from '../src/kernel/db/keyset.ts';
import { ProblemError } from '../src/kernel/http/problem.ts';
import { decodeCursor, encodeCursor, parseSort } from '../src/users/cursor.ts';
import { listUsersQuery } from '../src/users/queries.ts';

const id = '0b5e6f0e-52f4-4c55-9a51-1f1a4b0e9c3d';

function problemOf(fn: () => unknown): ProblemError {
  try {
    fn();
  } catch (error) {
    if (error instanceof ProblemError) return error;
    throw error;
  }
  throw new Error('expected a ProblemError');
}

describe('users cursor', () => {
  it('round-trips the key of every sort', () => {
    expect(decodeCursor(encodeCursor('email', { field: 'email', email: 'a@b.io' }), 'email')).toEqual({ field: 'email', email: 'a@b.io' });
    expect(decodeCursor(encodeCursor('-status', { field: 'status', status: 'disabled', email: 'z@b.io' }), '-status')).toEqual({
      field: 'status',
      status: 'disabled',
      email: 'z@b.io',
    });
    expect(decodeCursor(encodeCursor('-lastName', { field: 'lastName', value: 'Ødegård', id }), '-lastName')).toEqual({
      field: 'lastName',
      value: 'Ødegård',
      id,
    });
    const createdAt = '2025-01-02T03:04:05.123456Z';
    expect(decodeCursor(encodeCursor('createdAt', { field: 'createdAt', createdAt, id }), 'createdAt')).toEqual({
      field: 'createdAt',
      createdAt,
      id,
    });
  });

  it('takes a timestamp on a leap day', () => {
    const createdAt = '2024-02-29T23:59:59.999999Z';
    expect(decodeCursor(encodeCursor('-createdAt', { field: 'createdAt', createdAt, id }), '-createdAt')).toMatchObject({ createdAt });
  });

  it('is opaque base64url', () => {
    expect(encodeCursor('firstName', { field: 'firstName', value: 'Ann', id })).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('refuses a cursor made for another sort', () => {
    const cursor = encodeCursor('firstName', { field: 'firstName', value: 'Ann', id });
    const problem = problemOf(() => decodeCursor(cursor, '-firstName'));
    expect(problem.status).toBe(400);
    expect(problem.errors).toEqual([{ field: 'cursor', code: 'invalid_value' }]);
  });

  const encoded = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  it.each([
    ['garbage', 'not a cursor!', 'email'],
    ['json that is not a cursor', encoded([1, 2]), 'email'],
    ['a tampered id', encoded({ s: 'lastName', k: ['x', "1' or 1=1"] }), 'lastName'],
    ['a millisecond timestamp', encoded({ s: 'createdAt', k: ['2025-01-02T03:04:05.123Z', id] }), 'createdAt'],
    ['a timestamp with no such month, day or time', encoded({ s: 'createdAt', k: ['2024-13-45T99:99:99.000000Z', id] }), 'createdAt'],
    ['a day the month does not have', encoded({ s: 'createdAt', k: ['2024-02-30T00:00:00.000000Z', id] }), 'createdAt'],
    ['an unknown status', encoded({ s: 'status', k: ['pending', 'a@b.io'] }), 'status'],
    ['a key of the wrong length', encoded({ s: 'email', k: ['a@b.io', id] }), 'email'],
  ] as const)('refuses %s', (_label, cursor, sort) => {
    expect(problemOf(() => decodeCursor(cursor, sort)).status).toBe(400);
  });

  it('parses sorts with their direction', () => {
    expect(parseSort(undefined)).toEqual({ field: 'email', descending: false });
    expect(parseSort('-createdAt')).toEqual({ field: 'createdAt', descending: true });
    expect(problemOf(() => parseSort('password')).status).toBe(400);
  });
});

describe('the page query', () => {
  const db = drizzle.mock();
  const input = { tenantId: id, sort: parseSort('-lastName'), after: { field: 'lastName' as const, value: 'Kim', id }, status: 'disabled' as const, limit: 26 };

  it('writes its LIMIT and status filter into the text, so one plan serves every cursor (users/service.ts)', () => {
    const { sql, params } = listUsersQuery(db, input).toSQL();
    expect(sql).toMatch(/"status" = 'disabled'/);
    expect(sql).toMatch(/ limit 26$/);
    expect(params).toEqual([id, 'Kim', id]);
  });

  it('refuses a LIMIT that is not a count', () => {
    for (const limit of [-1, 2.5, Number.NaN]) expect(() => literalLimit(limit)).toThrow('Not a LIMIT');
  });
});
