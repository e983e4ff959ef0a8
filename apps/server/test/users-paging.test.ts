// Walking every page of the users list, in every sort, must visit each matching user exactly once
// and in the database's own order, with ties (same name, same creation instant) broken stably.
import { and, asc, desc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/kernel/db/schema.ts';
import { parseSort, userSorts } from '../src/users/cursor.ts';
import { listUsers, listUsersQuery, sortKeyOf, tenantRoleNames } from '../src/users/queries.ts';
import { startTestServer, userEmail, type TestServer, type TestSession } from './harness.ts';

let server: TestServer;
let admin: TestSession;

const firstNames = ['Alma', 'Bruno', 'Alma', 'Chiara', 'Bruno', 'Alma'];
const lastNames = ['Pager', 'Pager', 'Quist', 'Pager'];
// Three creation instants a microsecond apart, so millisecond rounding would merge them.
const instants = ['2025-03-01 10:00:00.123456+00', '2025-03-01 10:00:00.123457+00', '2025-03-01 10:00:00.123458+00'];

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('globex', userEmail('globex', 'admin'));
  const tenantId = server.ids.tenants.globex;
  await server.database.withTenant(tenantId, (tx) =>
    tx.insert(users).values(
      Array.from({ length: 60 }, (_, i) => ({
        tenantId,
        email: `pager${String(i).padStart(2, '0')}@globex.test`,
        firstName: firstNames[i % firstNames.length]!,
        lastName: lastNames[i % lastNames.length]!,
        status: i % 7 === 0 ? ('disabled' as const) : ('enabled' as const),
        createdAt: sql`${instants[i % instants.length]}::timestamptz`,
      })),
    ),
  );
});

afterAll(async () => {
  await server?.close();
});

const columns: Record<string, AnyColumn[]> = {
  email: [users.email],
  status: [users.status, users.email],
  firstName: [users.firstName, users.id],
  lastName: [users.lastName, users.id],
  createdAt: [users.createdAt, users.id],
};

/** The whole ordered list straight from the database, as the reference. */
async function expectedOrder(sort: string, filters: { q?: string; status?: 'enabled' | 'disabled' } = {}): Promise<string[]> {
  const descending = sort.startsWith('-');
  const field = descending ? sort.slice(1) : sort;
  const tenantId = server.ids.tenants.globex;
  const conditions: SQL[] = [eq(users.tenantId, tenantId)];
  if (filters.q) conditions.push(sql`lower(${users.email} || ' ' || ${users.firstName} || ' ' || ${users.lastName}) like ${`%${filters.q.toLowerCase()}%`}`);
  if (filters.status) conditions.push(eq(users.status, filters.status));
  const rows = await server.database.withTenant(tenantId, (tx) =>
    tx
      .select({ id: users.id })
      .from(users)
      .where(and(...conditions))
      .orderBy(...columns[field]!.map((c) => (descending ? desc(c) : asc(c)))),
  );
  return rows.map((r) => r.id);
}

async function walk(query: string): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res = await server.request('globex', 'GET', `/users?${query}${cursor ? `&cursor=${cursor}` : ''}`, { session: admin });
    expect(res.status).toBe(200);
    pages += 1;
    expect(res.body.items.length).toBeLessThanOrEqual(7);
    ids.push(...res.body.items.map((u: { id: string }) => u.id));
    cursor = res.body.nextCursor;
    expect(pages).toBeLessThan(30);
  } while (cursor);
  return { ids, pages };
}

describe('getUsers paging', () => {
  it.each(userSorts)('walks every page sorted by %s without duplicates or gaps', async (sort) => {
    const expected = await expectedOrder(sort);
    expect(expected.length).toBeGreaterThan(60);
    const { ids, pages } = await walk(`limit=7&sort=${sort}`);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expected);
    expect(pages).toBe(Math.ceil(expected.length / 7));
  });

  it.each(['firstName', '-createdAt', 'email'])('pages a search sorted by %s', async (sort) => {
    const expected = await expectedOrder(sort, { q: 'pager' });
    expect(expected.length).toBe(60);
    const { ids } = await walk(`limit=7&sort=${sort}&q=PaGeR`);
    expect(ids).toEqual(expected);
  });

  it('pages a status filter', async () => {
    const expected = await expectedOrder('-lastName', { status: 'disabled' });
    const { ids } = await walk('limit=7&sort=-lastName&status=disabled');
    expect(ids).toEqual(expected);
  });

  it('answers nextCursor null on a last page that is exactly full', async () => {
    const total = (await expectedOrder('email')).length;
    const res = await server.request('globex', 'GET', `/users?limit=${total}`, { session: admin });
    expect(res.body.items).toHaveLength(total);
    expect(res.body.nextCursor).toBeNull();
  });

  it('keeps the default page size and rejects a limit beyond 100', async () => {
    const res = await server.request('globex', 'GET', '/users', { session: admin });
    expect(res.body.items).toHaveLength(25);
    expect((await server.request('globex', 'GET', '/users?limit=101', { session: admin })).status).toBe(400);
  });
});

describe('getUsers planning', () => {
  // A page without a search is read in index order whatever its cursor, filter or size, so it is
  // planned once for all values; PostgreSQL would otherwise plan a page after a cursor again each
  // time (users/service.ts, kernel/db/database.ts TransactionOptions). PGlite's one connection holds every
  // prepared statement; postgres.js keeps them per pooled connection, out of one query's sight.
  it('plans every page without a search once, whatever its cursor, and keeps planning a search for its term', async ({ skip }) => {
    if (server.database.kind !== 'pglite') skip('postgres.js prepares statements per pooled connection');
    for (const sort of ['lastName', '-createdAt']) await walk(`limit=5&sort=${sort}`);
    await walk('limit=2&sort=email&status=disabled');
    await walk('limit=7&sort=firstName&q=PaGeR');
    const statements = await server.database.withPlatform((tx) => tx.execute(sql`select statement, generic_plans, custom_plans from pg_prepared_statements`));
    const rows = (Array.isArray(statements) ? statements : (statements as { rows: unknown[] }).rows) as { statement: string; generic_plans: number; custom_plans: number }[];
    // A search's page is read by id (`in (...)`) after its search: not a page in index order.
    const pages = rows.filter((row) => row.statement.startsWith('select "id", "email", "first_name"') && !row.statement.includes(' like ') && !row.statement.includes(' in ('));
    const searches = rows.filter((row) => row.statement.includes('"search_text" like'));
    expect(pages.length).toBeGreaterThanOrEqual(3);
    expect(pages.filter((row) => Number(row.generic_plans) >= 3).length).toBeGreaterThanOrEqual(3);
    expect(pages.map((row) => Number(row.custom_plans))).toEqual(pages.map(() => 0));
    expect(searches.some((row) => Number(row.custom_plans) > 0)).toBe(true);
  });
});

describe('a page without a search, read straight from the driver', () => {
  // listUsers sends a page's text, built once per shape, without the query builder (kernel/db/raw.ts):
  // each row must be what the query builder's own read of that page gives, on either driver.
  it.each(userSorts)('answers the query builder’s rows sorted by %s, from the start, after a cursor and filtered', async (sortName) => {
    const tenantId = server.ids.tenants.globex;
    const sort = parseSort(sortName);
    await server.database.withTenant(tenantId, async (tx) => {
      const names = await tenantRoleNames(tx, tenantId);
      const first = await listUsers(tx, { tenantId, sort, after: null, limit: 9 }, names);
      const after = sortKeyOf(first.at(-1)!, sort.field);
      for (const input of [
        { tenantId, sort, after: null, limit: 9 },
        { tenantId, sort, after, limit: 9 },
        { tenantId, sort, after, limit: 4, status: 'disabled' as const },
      ]) {
        const built = (await listUsersQuery(tx, input)).map(({ roleIds, ...row }) => ({ ...row, roles: roleIds.map((id) => names.get(id) ?? id).sort() }));
        expect(built.length).toBeGreaterThan(0);
        expect(await listUsers(tx, input, names)).toEqual(built);
      }
      expect(first[0]!.createdAt).toBeInstanceOf(Date);
      // By email, the tenant's own users (who hold roles) come before the pager users (who hold none).
      if (sortName === 'email') expect(first.some((user) => user.roles.length > 0)).toBe(true);
    });
  });
});
