// The load generator of get-users.bench.ts, in a worker thread: clients that shared the server's
// event loop would add their own HTTP work to every measured request (real clients are browsers
// on other machines). Posts back the latencies per scenario, a few cursors seen and the failures.
import { Agent, request as httpRequest } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import { encodeCursor, userSorts, type UserSort } from '../src/users/cursor.ts';

export type LoadInput = { port: number; host: string; cookie: string; clientCount: number; warmupMs: number; durationMs: number };
export type Scenario = 'first page' | 'next page' | 'sorted' | 'search' | 'filtered' | 'deep page';
export type LoadResult = { latencies: Record<Scenario, number[]>; elapsedS: number; failures: number; cursorsSeen: { sort: UserSort; cursor: string }[] };

// What the users screen asks: the first page, the next pages, another sort (name, email, created,
// status, both directions), a search, the status filter, and a page far into the list (a cursor
// from the middle of the alphabet or of the creation times, as after paging a long way).
export const scenarios: Scenario[] = ['first page', 'next page', 'sorted', 'search', 'filtered', 'deep page'];
// What people type into the search box: names, parts of names, an email fragment, a near-unique email.
export const searchTerms = ['anna', 'rossi', 'zoë', 'müller', 'ines', 'park', 'tanaka', 'nguyen.1', 'garcía', 'emma.kim', 'jonas.costa.4', 'lena.sato.123'];

/** Cursors that start a page in the middle of each sort's order (the seeding's names, emails and dates). */
export const deepCursors: { sort: UserSort; cursor: string }[] = [
  { sort: 'email', cursor: encodeCursor('email', { field: 'email', email: 'kemal.' }) },
  { sort: '-email', cursor: encodeCursor('-email', { field: 'email', email: 'mateo.' }) },
  { sort: 'lastName', cursor: encodeCursor('lastName', { field: 'lastName', value: 'Kowalski', id: '80000000-0000-4000-8000-000000000000' }) },
  { sort: 'firstName', cursor: encodeCursor('firstName', { field: 'firstName', value: 'Noor', id: '80000000-0000-4000-8000-000000000000' }) },
  { sort: '-createdAt', cursor: encodeCursor('-createdAt', { field: 'createdAt', createdAt: '2025-01-02T17:00:00.000000Z', id: '80000000-0000-4000-8000-000000000000' }) },
];

async function runLoad({ port, host, cookie, clientCount, warmupMs, durationMs }: LoadInput): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: clientCount });
  const get = (path: string) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, method: 'GET', path, agent, headers: { host, cookie } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });

  const latencies = Object.fromEntries(scenarios.map((s) => [s, [] as number[]])) as Record<Scenario, number[]>;
  const cursorsSeen: { sort: UserSort; cursor: string }[] = [];
  let failures = 0;

  const client = async (index: number, until: number, record: boolean) => {
    let sort: UserSort = userSorts[index % userSorts.length]!;
    let cursor: string | null = null;
    for (let n = index; performance.now() < until; n++) {
      const scenario = scenarios[n % scenarios.length]!;
      let path = '/api/v1/users';
      if (scenario === 'next page') path += `?sort=${sort}${cursor ? `&cursor=${cursor}` : ''}`;
      else if (scenario === 'sorted') path += `?sort=${userSorts[n % userSorts.length]}`;
      // Every term in turn: n % 12 would give only the two terms at the search scenario's offsets.
      else if (scenario === 'search') path += `?q=${encodeURIComponent(searchTerms[Math.floor(n / scenarios.length) % searchTerms.length]!)}`;
      else if (scenario === 'filtered') path += `?status=disabled&sort=${n % 2 === 0 ? 'lastName' : '-createdAt'}`;
      else if (scenario === 'deep page') {
        const deep = deepCursors[n % deepCursors.length]!;
        path += `?sort=${deep.sort}&cursor=${deep.cursor}`;
      }
      const started = performance.now();
      const res = await get(path);
      const elapsed = performance.now() - started;
      if (res.status !== 200) {
        failures += 1;
        continue;
      }
      if (record) latencies[scenario].push(elapsed);
      if (scenario === 'next page') {
        cursor = (JSON.parse(res.text) as { nextCursor: string | null }).nextCursor;
        if (cursor) {
          if (cursorsSeen.length < 50) cursorsSeen.push({ sort, cursor });
        } else {
          sort = userSorts[(userSorts.indexOf(sort) + 1) % userSorts.length]!;
        }
      }
    }
  };

  // Warm-up: plans, buffers and JIT, not counted. The measured run repeats the warm-up's first
  // requests, so the server drops its process caches in between (see get-users.bench.ts).
  await Promise.all(Array.from({ length: clientCount }, (_, i) => client(i, performance.now() + warmupMs, false)));
  await new Promise<void>((resolve) => {
    parentPort?.once('message', () => resolve());
    parentPort?.postMessage({ warmedUp: true });
  });
  const started = performance.now();
  await Promise.all(Array.from({ length: clientCount }, (_, i) => client(i, started + durationMs, true)));
  const elapsedS = (performance.now() - started) / 1000;
  agent.destroy();
  return { latencies, elapsedS, failures, cursorsSeen };
}

if (parentPort) parentPort.postMessage({ result: await runLoad(workerData as LoadInput) });
