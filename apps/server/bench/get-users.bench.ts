// Load benchmark of GET /api/v1/users on the embedded database: a fresh PGlite with one tenant of
// 100 000 users, the real app on a random loopback port, and concurrent signed-in clients issuing
// a mix of first pages, deeper pages by cursor, every sort and searches for a fixed time.
//
//   node bench/get-users.bench.ts [--users=100000] [--clients=10] [--duration=15] [--explain] [--enforce]
//                                  [--database-url=postgres://...] [--no-cache]
//
// --explain prints EXPLAIN ANALYZE of each scenario's query; --enforce exits 1 when the overall
// p95 latency exceeds 25 ms; --database-url runs the same load on a new database of that
// PostgreSQL server (created and dropped here) instead of PGlite, for comparison. On PGlite the
// server keeps list pages between writes (src/db/process-cache.ts): repeated first pages, sorts and
// searches are answered from memory, each client's walk through the pages is not. --no-cache
// sends every request to the database, to see that path alone.
import { sql, type SQLWrapper } from 'drizzle-orm';
import { request as httpRequest } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import type { Database } from '../src/db/types.ts';
import { buildApp } from '../src/http/app.ts';
import { createPostgresDatabase } from './postgres-database.ts';
import { disableProcessCaches, dropProcessCaches } from '../src/db/process-cache.ts';
import { decodeCursor, parseSort, userSorts } from '../src/users/cursor.ts';
import { listUsersQuery, searchWindowQuery, type ListUsersInput } from '../src/users/queries.ts';
import { scenarios, type LoadInput, type LoadResult } from './get-users-load.ts';
import { seedBenchTenant } from './seed-users.ts';

const P95_BUDGET_MS = 25;

const { values: args } = parseArgs({
  options: {
    users: { type: 'string', default: '100000' },
    clients: { type: 'string', default: '10' },
    duration: { type: 'string', default: '15' },
    explain: { type: 'boolean', default: false },
    enforce: { type: 'boolean', default: false },
    'database-url': { type: 'string' },
    'no-cache': { type: 'boolean', default: false },
  },
});
const userCount = Number(args.users);
const clientCount = Number(args.clients);
const durationMs = Number(args.duration) * 1000;


function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const log = (line: string) => process.stdout.write(`${line}\n`);

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
  const server = args['database-url'] ? await createPostgresDatabase(args['database-url']) : null;
  const config = {
    ...loadConfig({}),
    databaseUrl: server?.url ?? null,
    dataDir,
    demo: false,
    port: 0,
    host: '127.0.0.1',
    portalDist: join(dataDir, 'no-portal'),
  };
  const database = await openDatabase(config);
  try {
    await database.migrate();
    const started = performance.now();
    const tenant = await seedBenchTenant(database, userCount);
    log(`seeded ${userCount} users in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    if (args['no-cache']) disableProcessCaches(database);
    const app = await buildApp({ config, database });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const host = `${tenant.sname}.portal.localhost:${port}`;
    const login = await signIn(port, host, tenant.adminEmail, tenant.adminPassword);
    const worker = new Worker(new URL('./get-users-load.ts', import.meta.url), {
      workerData: { port, host, cookie: login, clientCount, warmupMs: 2000, durationMs } satisfies LoadInput,
    });
    const { latencies, elapsedS, failures, cursorsSeen } = await new Promise<LoadResult>((resolve, reject) => {
      worker.on('message', (message: { warmedUp?: true; result?: LoadResult }) => {
        if (message.result) return resolve(message.result);
        dropProcessCaches(database);
        worker.postMessage('go');
      });
      worker.once('error', reject);
    });
    await worker.terminate();

    log(`\nGET /api/v1/users — ${userCount} users in the tenant, ${clientCount} concurrent clients, ${elapsedS.toFixed(1)} s, ${database.kind}${args['no-cache'] ? ', no process cache' : ''}`);
    log(`${'scenario'.padEnd(12)} ${'requests'.padStart(9)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)}`);
    const row = (name: string, values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      log(
        `${name.padEnd(12)} ${String(values.length).padStart(9)} ${(values.length / elapsedS).toFixed(1).padStart(8)} ${percentile(sorted, 50).toFixed(1).padStart(8)} ${percentile(sorted, 95).toFixed(1).padStart(8)} ${percentile(sorted, 99).toFixed(1).padStart(8)}`,
      );
      return percentile(sorted, 95);
    };
    for (const scenario of scenarios) row(scenario, latencies[scenario]);
    const overallP95 = row('overall', scenarios.flatMap((s) => latencies[s]));
    if (failures > 0) log(`failed requests: ${failures}`);

    if (args.explain) {
      const samples: [string, ListUsersInput][] = [
        ['first page', { tenantId: tenant.tenantId, sort: parseSort('email'), after: null, limit: 26 }],
        ...userSorts.map((s): [string, ListUsersInput] => [`sort ${s}`, { tenantId: tenant.tenantId, sort: parseSort(s), after: null, limit: 26 }]),
        ...cursorsSeen.slice(0, 3).map(({ sort, cursor }): [string, ListUsersInput] => [
          `next page ${sort}`,
          { tenantId: tenant.tenantId, sort: parseSort(sort), after: decodeCursor(cursor, sort), limit: 26 },
        ]),
      ];
      for (const [label, input] of samples) await explain(label, (tx) => listUsersQuery(tx, input));
      for (const q of ['zoë', 'lena.sato.123']) {
        await explain(`search window "${q}"`, (tx) =>
          searchWindowQuery(tx, { tenantId: tenant.tenantId, sort: parseSort('email'), after: null, limit: 26, q }),
        );
      }
    }

    async function explain(label: string, build: (tx: Database) => SQLWrapper) {
      const plan = await database.withTenant(tenant.tenantId, (tx) => tx.execute(sql`explain (analyze, costs off) ${build(tx)}`));
      log(`\n--- ${label}`);
      // PGlite answers { rows }, postgres.js an array of rows.
      const rows = Array.isArray(plan) ? plan : (plan as unknown as { rows: unknown[] }).rows;
      log((rows as { 'QUERY PLAN': string }[]).map((r) => r['QUERY PLAN']).join('\n'));
    }

    await app.close();
    if (args.enforce && !(overallP95 <= P95_BUDGET_MS)) {
      log(`\noverall p95 ${overallP95.toFixed(1)} ms exceeds the ${P95_BUDGET_MS} ms budget`);
      process.exitCode = 1;
    }
  } finally {
    await database.close();
    await server?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Signs in over HTTP and answers the session cookies as one Cookie header. */
function signIn(port: number, host: string, email: string, password: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, method: 'POST', path: '/api/v1/auth/login', headers: { host, 'content-type': 'application/json' } },
      (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode !== 200) reject(new Error(`sign-in failed: ${res.statusCode}`));
          else resolve((res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; '));
        });
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify({ email, password }));
  });
}

await main();
