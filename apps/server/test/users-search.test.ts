// The users search takes one of several ways to its page (src/users/queries.ts): the first rows of
// the list when they hold a page of matches, the trigram index for a rare term, a longer walk of
// the list in order for a common one, every match when that walk falls short, and a walk of the
// sort index for a term too short for trigrams. Each must answer the same pages, in the list's
// order, as the plain database query does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/kernel/db/schema.ts';
import { parseSort } from '../src/users/cursor.ts';
import { SEARCH_REACH, searchPage, type SearchPage, type SearchReach } from '../src/users/queries.ts';
import { startTestServer, userEmail, type TestServer, type TestSession } from './harness.ts';
import { allSearchPages, plainSearchOrder } from './users-search-oracle.ts';

let server: TestServer;
let admin: TestSession;
const LATE = 40;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('acme', userEmail('acme', 'admin'));
  const tenantId = server.ids.tenants.acme;
  // More non-matching users than the probe reads, all sorting before the matches by email.
  const fillers = Array.from({ length: SEARCH_REACH.probe + 50 }, (_, i) => ({ tenantId, email: `aa${String(i).padStart(5, '0')}@acme.test`, firstName: 'Filler', lastName: 'Row' }));
  const late = Array.from({ length: LATE }, (_, i) => ({ tenantId, email: `zz${String(i).padStart(2, '0')}@acme.test`, firstName: 'Zoë', lastName: 'Latecomer' }));
  await server.database.withTenant(tenantId, (tx) => tx.insert(users).values([...fillers, ...late]));
}, 120_000);

afterAll(async () => {
  await server?.close();
});

const expectedOrder = (q: string, descending: boolean) => plainSearchOrder(server, server.ids.tenants.acme, q, descending);
const walk = (query: string) => allSearchPages(server, admin, query);

describe('getUsers search', () => {
  it('pages matches that sort after more non-matching rows than the probe reads', async () => {
    const expected = await expectedOrder('latecomer', false);
    expect(expected).toHaveLength(LATE);
    expect(await walk('limit=7&sort=email&q=Latecomer')).toEqual(expected);
  });

  it('pages matches found in the first rows of the list', async () => {
    const expected = await expectedOrder('latecomer', true);
    expect(await walk('limit=7&sort=-email&q=latecomer')).toEqual(expected);
  });

  it('pages a term too short for the trigram index', async () => {
    const expected = await expectedOrder('zz', false);
    expect(expected.length).toBeGreaterThanOrEqual(LATE);
    expect(await walk('limit=9&sort=email&q=zz')).toEqual(expected);
  });

  // The 40 late matches sort after 1 050 fillers by email: each reach below leaves one read to answer.
  it.each<[SearchPage['via'], SearchReach]>([
    ['rare', { probe: 100, rare: 100, walk: 2000 }],
    ['walk', { probe: 100, rare: 10, walk: 2000 }],
    ['all matches', { probe: 100, rare: 10, walk: 500 }],
  ])('answers the first page by the %s read in the list order', async (via, reach) => {
    const tenantId = server.ids.tenants.acme;
    const expected = (await expectedOrder('latecomer', false)).slice(0, 7);
    const page = await server.database.withTenant(tenantId, (tx) => searchPage(tx, { tenantId, q: 'latecomer', sort: parseSort('email'), after: null, limit: 7 }, reach));
    expect(page).toEqual({ ids: expected, via });
  });

  // A term across separators asks the trigram index for its pieces (a short one as a word's start:
  // ' zo', '.t', ' f') and checks the whole term on the rows found.
  it.each(['zoë latecomer', 'filler row', 'e.test zo', 'acme.t', 'test f'])('answers "%s", across separators, by every read as the plain query does', async (q) => {
    const tenantId = server.ids.tenants.acme;
    const expected = (await expectedOrder(q, false)).slice(0, 7);
    expect(expected).toHaveLength(7);
    const reaches: SearchReach[] = [SEARCH_REACH, { probe: 10, rare: 5000, walk: 10 }, { probe: 10, rare: 10, walk: 100_000 }, { probe: 10, rare: 10, walk: 10 }];
    for (const reach of reaches) {
      const page = await server.database.withTenant(tenantId, (tx) => searchPage(tx, { tenantId, q, sort: parseSort('email'), after: null, limit: 7 }, reach));
      expect(page.ids).toEqual(expected);
    }
  });

  it('answers the first page from the probe when the first rows hold it', async () => {
    const tenantId = server.ids.tenants.acme;
    const expected = (await expectedOrder('latecomer', true)).slice(0, 7);
    const page = await server.database.withTenant(tenantId, (tx) => searchPage(tx, { tenantId, q: 'latecomer', sort: parseSort('-email'), after: null, limit: 7 }));
    expect(page).toEqual({ ids: expected, via: 'probe' });
  });

  // After the leapfrog of a term across separators gave up (queries.ts, listUsers), no probe.
  it('reads no probe when told none, and answers the same page by the next read', async () => {
    const tenantId = server.ids.tenants.acme;
    const expected = (await expectedOrder('latecomer', true)).slice(0, 7);
    const page = await server.database.withTenant(tenantId, (tx) => searchPage(tx, { tenantId, q: 'latecomer', sort: parseSort('-email'), after: null, limit: 7 }, { ...SEARCH_REACH, probe: 0 }));
    expect(page).toEqual({ ids: expected, via: 'rare' });
  });

  it('answers an empty page for a term nobody matches', async () => {
    const res = await server.request('acme', 'GET', '/users?q=nobody-has-this', { session: admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ items: [], nextCursor: null });
  });
});
