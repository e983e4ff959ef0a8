// Drizzle queries of the users module. Each one filters on `tenant_id` explicitly even though
// row-level security already limits rows to the transaction's tenant: the explicit equality lets
// the planner use the (tenant_id, ...) indexes, and the policy stays the net under it.
import { and, asc, desc, eq, gt, inArray, lt, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { roles, sessions, userRoles, users } from '../kernel/db/schema.ts';
import { resetAttempts } from '../auth/index.ts';
import { literalLimit, microsecondKey } from '../kernel/db/keyset.ts';
import { rawValues, timeOf } from '../kernel/db/raw.ts';
import type { Database } from '../kernel/db/types.ts';
import type { ParsedSort, UserSortKey } from './cursor.ts';
import type { RoleInfo } from '../auth/index.ts';
import { present } from '../kernel/db/present.ts';
import { piecesOf, searchPageByWords, shortWordStarts, TRIGRAM_LENGTH, WORD_SEPARATOR, wordsAnswer } from './search-words.ts';
import { piecesAnswer, searchPageByPieces } from './search-pieces.ts';
import { likePattern } from '../kernel/db/like.ts';

export type UserStatus = 'enabled' | 'disabled';

export type UserRecord = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  status: UserStatus;
  changePasswordOnSignIn: boolean;
  createdAt: Date;
  /** created_at at microsecond precision, for cursors. */
  createdAtKey: string;
  roles: string[];
};

// The role ids of each row, read through the user_roles primary key only for the rows of the page
// (after LIMIT); their names come from the tenant's few roles (`tenantRoleNames`), which callers
// can keep between writes. Joining roles in this subquery cost a third of the page query on PGlite:
// a scan of roles per row. The outer column is spelled out because Drizzle leaves columns
// unqualified in single-table selects, where `id` would bind to the subquery's table.
const roleIds = sql<string[]>`array(select ur.role_id from user_roles ur where ur.user_id = "users"."id")`;

const userColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  status: users.status,
  changePasswordOnSignIn: users.changePasswordOnSignIn,
  createdAt: users.createdAt,
  createdAtKey: microsecondKey(users.createdAt),
  roleIds,
};

type UserRow = Omit<UserRecord, 'roles'> & { roleIds: string[] };

/** Role name by role id, for one tenant. */
export type RoleNames = ReadonlyMap<string, string>;

/** Straight to the driver (kernel/db/raw.ts): every users page reads them. */
export async function tenantRoleNames(tx: Database, tenantId: string): Promise<RoleNames> {
  const rows = await rawValues(tx, 'select id, name from roles where tenant_id = $1', [tenantId]);
  return new Map(rows.map(([id, name]) => [id as string, name as string]));
}

const named = (rows: UserRow[], names: RoleNames): UserRecord[] =>
  rows.map(({ roleIds: ids, ...row }) => ({ ...row, roles: ids.map((id) => names.get(id) ?? id).sort() }));

// `search_text` is the email and names, lower-cased when the row was written; the trigram index
// `users_search_trgm` answers a LIKE on it (drizzle/0027).
function searchConditionOn(c: { searchText: AnyColumn }, q: string): SQL {
  return sql`${c.searchText} like lower(${likePattern(q)})`;
}

/**
 * The search's condition on `users`. For a term across separators, the trigram index is asked for
 * each piece of it as long as a trigram, without the separators, and the whole term is checked on
 * the rows it finds: pg_trgm reads a separator next to a piece as a word boundary, and the
 * boundary trigrams that gives ("  c", " co" for ".costa") are in nearly every row (".com"), so
 * "jonas.costa.4" read posting lists of a million rows for 140 matches. A piece too short for a
 * trigram of its own is asked for as a word's start (".4": "  4", a number starting with 4), which
 * leaves 140 rows to check for "jonas.costa.4" at a million users instead of 1 240. `|| ''` keeps
 * the whole term off the index.
 */
export function searchCondition(q: string): SQL {
  const pieces = piecesOf(q).filter((piece) => [...piece].length >= TRIGRAM_LENGTH);
  if (!WORD_SEPARATOR.test(q) || pieces.length === 0) return searchConditionOn(users, q);
  const indexed = [...pieces, ...shortWordStarts(q)].map((piece) => searchConditionOn(users, piece));
  return sql.join([...indexed, sql`(${users.searchText} || '') like lower(${likePattern(q)})`], sql` and `);
}

// A row value comparison, (a, b) > (x, y), is one B-tree range condition on the (tenant_id, a, b)
// index, so each page starts with an index seek however deep it is.
function afterKey(key: UserSortKey, descending: boolean): SQL {
  const op = descending ? sql.raw('<') : sql.raw('>');
  switch (key.field) {
    case 'email':
      return descending ? lt(users.email, key.email) : gt(users.email, key.email);
    case 'status':
      return sql`(${users.status}, ${users.email}) ${op} (${key.status}, ${key.email})`;
    case 'createdAt':
      return sql`(${users.createdAt}, ${users.id}) ${op} (${key.createdAt}::timestamptz, ${key.id}::uuid)`;
    case 'firstName':
      return sql`(${users.firstName}, ${users.id}) ${op} (${key.value}, ${key.id}::uuid)`;
    case 'lastName':
      return sql`(${users.lastName}, ${users.id}) ${op} (${key.value}, ${key.id}::uuid)`;
  }
}

type SortColumns = { id: AnyColumn; email: AnyColumn; status: AnyColumn; firstName: AnyColumn; lastName: AnyColumn; createdAt: AnyColumn };

const userSortColumns = {
  id: users.id,
  email: users.email,
  status: users.status,
  firstName: users.firstName,
  lastName: users.lastName,
  createdAt: users.createdAt,
};

// Email is unique in a tenant, so it orders rows totally on its own (and (status, email) too);
// the other columns need the id as tie-breaker.
function orderBy(sort: ParsedSort, c: SortColumns): SQL[] {
  const direction = sort.descending ? desc : asc;
  const columns = {
    email: [c.email],
    status: [c.status, c.email],
    firstName: [c.firstName, c.id],
    lastName: [c.lastName, c.id],
    createdAt: [c.createdAt, c.id],
  }[sort.field];
  return columns.map((column) => direction(column));
}

export type ListUsersInput = {
  tenantId: string;
  q?: string | undefined;
  status?: UserStatus | undefined;
  sort: ParsedSort;
  after: UserSortKey | null;
  limit: number;
};

/**
 * The status filter written into the statement's text: a page without a search is planned once for
 * all values (users/service.ts), and how rare disabled users are decides which index a page of them
 * reads (the status index, or the sort's index skipping the enabled), so the plan must know which.
 */
const statusLiteral: Record<UserStatus, SQL> = { enabled: sql`'enabled'`, disabled: sql`'disabled'` };

function listConditions(input: ListUsersInput): SQL[] {
  const conditions: SQL[] = [eq(users.tenantId, input.tenantId)];
  if (input.q) conditions.push(searchCondition(input.q));
  if (input.status) conditions.push(eq(users.status, statusLiteral[input.status]));
  if (input.after) conditions.push(afterKey(input.after, input.sort.descending));
  return conditions;
}

/** The cursor's values, in the order the page statement takes them after the tenant (see `afterKey`). */
function afterParams(key: UserSortKey | null): unknown[] {
  switch (key?.field) {
    case undefined:
      return [];
    case 'email':
      return [key.email];
    case 'status':
      return [key.status, key.email];
    case 'createdAt':
      return [key.createdAt, key.id];
    case 'firstName':
    case 'lastName':
      return [key.value, key.id];
  }
}

/**
 * The text of a page without a search, by its shape: Drizzle's text for a shape never changes,
 * only the values (the tenant, then the cursor's), so it is built once per shape and sent straight
 * to the driver (kernel/db/raw.ts). Each shape's values are checked against Drizzle's when it is built.
 */
const pageTexts = new Map<string, string>();
const userColumnNames = Object.keys(userColumns) as (keyof UserRow)[];

async function listUsersPage(tx: Database, input: ListUsersInput): Promise<UserRow[]> {
  const shape = `${input.sort.field} ${input.sort.descending} ${input.after?.field ?? ''} ${input.status ?? ''} ${input.limit}`;
  const params = [input.tenantId, ...afterParams(input.after)];
  let text = pageTexts.get(shape);
  if (text === undefined) {
    const built = listUsersQuery(tx, input).toSQL();
    if (JSON.stringify(built.params) !== JSON.stringify(params)) throw new Error(`The users page's values are not in Drizzle's order for ${shape}`);
    text = built.sql;
    pageTexts.set(shape, text);
  }
  return (await rawValues(tx, text, params)).map((values) => {
    const row = Object.fromEntries(userColumnNames.map((name, i) => [name, values[i]])) as UserRow;
    row.createdAt = timeOf(row.createdAt);
    return row;
  });
}

/** The page query as an index-ordered scan, unexecuted, so the benchmark can EXPLAIN it. */
export function listUsersQuery(tx: Database, input: ListUsersInput) {
  return tx
    .select(userColumns)
    .from(users)
    .where(and(...listConditions(input)))
    .orderBy(...orderBy(input.sort, userSortColumns))
    .limit(literalLimit(input.limit));
}

/**
 * How far, in rows of the list's own order, each read of a search goes (see `searchPage`). The probe
 * and the walk read a sort index only (its INCLUDE columns hold the id and the searched text,
 * drizzle/0027), so a row costs them a fraction of what a match costs the trigram path, which
 * visits the table for each one.
 * - `probe`: the first rows of the list (none when 0). A common term spread through the list fills a page there.
 * - `rare`: the trigram path collects up to this many matches and sorts them: a term this rare (a
 *   person's name, an email) costs only its matches.
 * - `walk`: a common term whose matches sort late (every "Rossi" sorted by email comes after the
 *   first names before R) is read in order this far, about 10 to 20 ms at most.
 * Past that, every match is collected and sorted: the one case whose cost grows with the tenant.
 */
export type SearchReach = { probe: number; rare: number; walk: number };
export const SEARCH_REACH: SearchReach = { probe: 1000, rare: 2000, walk: 40_000 };

/**
 * Only what a search's walk reads: the id, the searched text and the sort's own columns, which
 * each sort index carries, so the walk is an index-only scan (with a status filter on another sort
 * it still reads the table, as the filter needs the status).
 */
function walkColumns(sort: ParsedSort) {
  const { field } = sort;
  return {
    id: users.id,
    searchText: users.searchText,
    ...(field === 'email' || field === 'status' ? { email: users.email } : {}),
    ...(field === 'status' ? { status: users.status } : {}),
    ...(field === 'firstName' ? { firstName: users.firstName } : {}),
    ...(field === 'lastName' ? { lastName: users.lastName } : {}),
    ...(field === 'createdAt' ? { createdAt: users.createdAt } : {}),
  };
}

/**
 * A search's read in list order: the first `rows` rows of the list (the tenant, filter and cursor,
 * in sort order, straight from the sort index) and, of those, the page of rows that match.
 */
export function searchProbeQuery(tx: Database, input: ListUsersInput, rows: number = SEARCH_REACH.probe) {
  const walked = tx
    .select(walkColumns(input.sort))
    .from(users)
    .where(and(...listConditions({ ...input, q: undefined })))
    .orderBy(...orderBy(input.sort, userSortColumns))
    .limit(rows)
    .as('walked');
  return tx
    .select({ id: walked.id })
    .from(walked)
    .where(searchConditionOn(walked, present(input.q, 'input.q')))
    // The sort reads only the columns of its field, which walkColumns carries.
    .orderBy(...orderBy(input.sort, walked as unknown as SortColumns))
    .limit(input.limit);
}

/**
 * The trigram path: matches found through the trigram index (at most `cap`), sorted, page cut, each
 * with how many were collected (`matched`, which reaching `cap` means the term is not rare). Its
 * cost grows with the number of matches, wherever in the sort order they are. The planner would
 * otherwise walk the sort index and skip non-matches, which it cannot tell is cheap or not (it
 * cannot estimate how rare a substring is). The subquery's LIMIT keeps it apart from the outer
 * ORDER BY and LIMIT (PostgreSQL does not merge a subquery that has one into the query around it),
 * so the matches are collected first. (Drizzle leaves out an `OFFSET 0`, the usual way to say this.)
 */
const ALL_MATCHES = 2_147_483_647;

export function searchMatchesQuery(tx: Database, input: ListUsersInput, cap: number = ALL_MATCHES) {
  const matches = tx
    .select(userSortColumns)
    .from(users)
    .where(and(...listConditions(input)))
    .limit(cap)
    .as('matches');
  return tx
    .select({ id: matches.id, matched: sql<number>`(count(*) over ())::int` })
    .from(matches)
    .orderBy(...orderBy(input.sort, matches))
    .limit(input.limit);
}

/**
 * The planner prices a row's `lower(...) LIKE` check as almost free, so on a few tens of thousands
 * of users it prefers reading the whole tenant to the trigram index. On PGlite (WebAssembly) that
 * read costs 4 to 9 µs a row, 80 to 190 ms for 20 000 users, and holds the one connection every
 * other request waits for. Sequential scans are therefore off for the search statements (index
 * scans of any index stay allowed, so a small tenant in a large table still starts from its
 * tenant index), and on again for what follows in the transaction.
 */
async function withoutSeqScan<T>(tx: Database, run: () => Promise<T>): Promise<T> {
  await tx.execute(sql`select set_config('enable_seqscan', 'off', true), set_config('plan_cache_mode', 'force_custom_plan', true)`);
  const result = await run();
  await tx.execute(sql`select set_config('enable_seqscan', 'on', true), set_config('plan_cache_mode', 'auto', true)`);
  return result;
}

/** The rows of `ids`, in that order. */
async function usersByIds(tx: Database, tenantId: string, ids: string[], names: RoleNames): Promise<UserRecord[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select(userColumns)
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.id, ids)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return named(ids.flatMap((id) => byId.get(id) ?? []), names);
}

export type SearchPage = { ids: string[]; via: 'probe' | 'rare' | 'walk' | 'all matches' };

/** The ids of a search's page, by the cheapest read that is sure to answer it (SearchReach), and which read that was. */
export async function searchPage(tx: Database, input: ListUsersInput, reach: SearchReach = SEARCH_REACH): Promise<SearchPage> {
  const ids = (rows: { id: string }[]) => rows.map((row) => row.id);
  if (reach.probe > 0) {
    const probe = await searchProbeQuery(tx, input, reach.probe);
    if (probe.length === input.limit) return { ids: ids(probe), via: 'probe' };
  }
  const rare = await searchMatchesQuery(tx, input, reach.rare + 1);
  if ((rare[0]?.matched ?? 0) <= reach.rare) return { ids: ids(rare), via: 'rare' };
  const walked = await searchProbeQuery(tx, input, reach.walk);
  if (walked.length === input.limit) return { ids: ids(walked), via: 'walk' };
  return { ids: ids(await searchMatchesQuery(tx, input)), via: 'all matches' };
}

// A search within words reads their users in email order (search-words.ts), one across words
// leapfrogs through them (search-pieces.ts); any other, or one they leave, reads the
// list in order, then the trigram index, as SearchReach says. A term too short for trigrams
// matches a good share of the tenant, so walking the sort index and skipping non-matches reaches a
// page soon.
export async function listUsers(tx: Database, input: ListUsersInput, names: RoleNames): Promise<UserRecord[]> {
  const byPieces = !wordsAnswer(input) && piecesAnswer(input);
  const fromWords = wordsAnswer(input) ? await searchPageByWords(tx, input) : byPieces ? await searchPageByPieces(tx, input) : null;
  if (fromWords) return usersByIds(tx, input.tenantId, fromWords, names);
  if (input.q && [...input.q].length >= TRIGRAM_LENGTH) {
    // The pieces leave a term whose anchors' users, from the start of the list, mostly fail it
    // (or whose anchors are in too many words): it is rare, and the list's first rows hold no page
    // of it ("lena.sato.123" and "jonas.costa.4" found none in 1 000), so the trigram read goes first.
    const found = await withoutSeqScan(tx, () => searchPage(tx, input, byPieces ? { ...SEARCH_REACH, probe: 0 } : SEARCH_REACH));
    return usersByIds(tx, input.tenantId, found.ids, names);
  }
  // A term too short for trigrams walks the list through the query builder; a page without one is listUsersPage's.
  return named(input.q ? await listUsersQuery(tx, input) : await listUsersPage(tx, input), names);
}

export function sortKeyOf(user: UserRecord, field: ParsedSort['field']): UserSortKey {
  switch (field) {
    case 'email':
      return { field, email: user.email };
    case 'status':
      return { field, status: user.status, email: user.email };
    case 'createdAt':
      return { field, createdAt: user.createdAtKey, id: user.id };
    case 'firstName':
      return { field, value: user.firstName, id: user.id };
    case 'lastName':
      return { field, value: user.lastName, id: user.id };
  }
}

export async function findUser(tx: Database, tenantId: string, userId: string): Promise<UserRecord | null> {
  const rows = await tx
    .select(userColumns)
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
    .limit(1);
  return rows.length === 0 ? null : present(named(rows, await tenantRoleNames(tx, tenantId))[0], 'named(rows, await tenantRoleNames(tx, tenantId))[0]');
}

export async function tenantRoles(tx: Database, tenantId: string): Promise<RoleInfo[]> {
  return tx
    .select({ id: roles.id, name: roles.name, description: roles.description, permissions: roles.permissions, status: roles.status, dialIn: roles.dialIn, dialOut: roles.dialOut })
    .from(roles)
    .where(eq(roles.tenantId, tenantId))
    .orderBy(asc(roles.name));
}

export async function existingEmails(tx: Database, tenantId: string, emails: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  // Bounded IN lists keep each statement well under the protocol's parameter limit.
  for (let i = 0; i < emails.length; i += 1000) {
    const rows = await tx
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), inArray(users.email, emails.slice(i, i + 1000))));
    for (const row of rows) found.add(row.email);
  }
  return found;
}

export type NewUser = {
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string | null;
  status: UserStatus;
  changePasswordOnSignIn: boolean;
  roleIds: string[];
};

/** Inserts users with their roles; returns the new ids in input order. */
export async function insertUsers(tx: Database, tenantId: string, input: readonly NewUser[]): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < input.length; i += 1000) {
    const chunk = input.slice(i, i + 1000);
    const inserted = await tx
      .insert(users)
      .values(
        chunk.map((u) => ({
          tenantId,
          email: u.email,
          firstName: u.firstName,
          lastName: u.lastName,
          passwordHash: u.passwordHash,
          status: u.status,
          changePasswordOnSignIn: u.changePasswordOnSignIn,
        })),
      )
      .returning({ id: users.id });
    const links = chunk.flatMap((u, j) => u.roleIds.map((roleId) => ({ tenantId, userId: present(inserted[j], 'inserted[j]').id, roleId })));
    for (let k = 0; k < links.length; k += 5000) await tx.insert(userRoles).values(links.slice(k, k + 5000));
    ids.push(...inserted.map((r) => r.id));
  }
  return ids;
}

export async function replaceUserRoles(tx: Database, tenantId: string, userId: string, roleIds: readonly string[]): Promise<void> {
  await tx.delete(userRoles).where(and(eq(userRoles.tenantId, tenantId), eq(userRoles.userId, userId)));
  if (roleIds.length > 0) await tx.insert(userRoles).values(roleIds.map((roleId) => ({ tenantId, userId, roleId })));
}

export type UserChanges = Partial<{ firstName: string; lastName: string; status: UserStatus; changePasswordOnSignIn: boolean }>;

export async function updateUserRow(tx: Database, tenantId: string, userId: string, changes: UserChanges): Promise<void> {
  await tx
    .update(users)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
}

/** Ends every session of the user; returns how many there were. */
export async function deleteSessionsOf(tx: Database, tenantId: string, userId: string): Promise<number> {
  const ended = await tx.delete(sessions).where(and(eq(sessions.tenantId, tenantId), eq(sessions.userId, userId))).returning({ id: sessions.id });
  return ended.length;
}

/** Deletes the user; sessions, action tokens and role links go with it (foreign keys cascade). */
export async function deleteUserRow(tx: Database, tenantId: string, user: { id: string; email: string }): Promise<void> {
  await tx.delete(users).where(and(eq(users.tenantId, tenantId), eq(users.id, user.id)));
  await resetAttempts(tx, tenantId, user.email);
}
