// What every users search path is held to: the plain query over `users` (the term anywhere in the
// lower-cased email and names, in email order), and the API's pages of a search followed by cursor.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { users } from '../src/kernel/db/schema.ts';
import type { TestServer, TestSession } from './harness.ts';

/** Every user of the tenant whose email or names hold `q`, by the plain query, in email order. */
export async function plainSearchOrder(server: TestServer, tenantId: string, q: string, descending = false): Promise<string[]> {
  const rows = await server.database.withTenant(tenantId, (tx) =>
    tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), sql`lower(${users.email} || ' ' || ${users.firstName} || ' ' || ${users.lastName}) like ${`%${q.toLowerCase()}%`}`))
      .orderBy(descending ? desc(users.email) : asc(users.email)),
  );
  return rows.map((r) => r.id);
}

/** The ids of every page of `GET /users?<query>` in acme, by its cursors. */
export async function allSearchPages(server: TestServer, session: TestSession, query: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 30; pages++) {
    const res = await server.request('acme', 'GET', `/users?${query}${cursor ? `&cursor=${cursor}` : ''}`, { session });
    expect(res.status).toBe(200);
    ids.push(...res.body.items.map((u: { id: string }) => u.id));
    cursor = res.body.nextCursor;
    if (!cursor) return ids;
  }
  throw new Error('more pages than the matches fill');
}
