// Sustained load: the real server (src/app/main.ts, a child process, its demo data) on loopback,
// asked at a fixed rate (open loop: requests leave on schedule whether or not earlier ones have
// answered, as many independent browsers would) with a realistic mix for a fixed time. Every
// interval it prints the rate reached, latency percentiles, errors and the server's resident
// memory, so a leak shows as a rising RSS and an overload as growing latencies and in-flight
// requests. Goal (issue 16): 500 req/s for 10 minutes, 0 errors, flat memory.
//
//   pnpm --filter @portal/server bench:sustained      (500 req/s, 10 minutes, PGlite)
//   node --conditions=@portal/source bench/sustained-load.bench.ts [--rate=500] [--minutes=10] [--report-every=60]
//        [--database=pglite|postgres] [--database-url=postgres://...] [--cache=on|off]
//   Environment knobs: SUSTAINED_RATE, SUSTAINED_MINUTES, SUSTAINED_REPORT_SECONDS, SUSTAINED_DATABASE.
//
// The mix, as the tenant administrator and a member of the demo tenant: 80 % reads (the users
// list, a users search, the member's meetings, one meeting, /me) and 20 % writes (a meeting
// scheduled, renamed, then deleted, so the data stays the same size over the run). Sign-in and
// user creation are not in it: their password hashing (Argon2) is deliberately slow.
//
// The reference (bench-lib.ts): before the run, the same agent (64 keep-alive sockets) asks getRole
// (one row by primary key) closed loop with 64 clients at once for 10 s: what this server answers
// on this machine at that concurrency. Each interval's rate and p95 are printed as ratios of it too,
// and the goal's rate as a ratio (RATE_RATIO_GOAL of the reference's req/s).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  createReferenceRole,
  freePort,
  httpCall,
  loadAverage,
  log,
  measureReference,
  numberOption,
  percentile,
  referenceLine,
  signIn,
  startThrowawayPostgres,
  type SignedIn,
  type ThrowawayPostgres,
} from './bench-lib.ts';
import { createPostgresDatabase } from './postgres-database.ts';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

const { values: args } = parseArgs({
  options: {
    rate: { type: 'string' },
    minutes: { type: 'string' },
    'report-every': { type: 'string' },
    database: { type: 'string' },
    'database-url': { type: 'string' },
    cache: { type: 'string' },
  },
});
const rate = numberOption(args.rate, 'SUSTAINED_RATE', 500);
const durationMs = numberOption(args.minutes, 'SUSTAINED_MINUTES', 10) * 60_000;
const reportMs = numberOption(args['report-every'], 'SUSTAINED_REPORT_SECONDS', 60) * 1000;
const kind = args.database ?? process.env.SUSTAINED_DATABASE ?? (args['database-url'] ? 'postgres' : 'pglite');
/** Past this many unanswered requests the server is not keeping up: further ones count as errors. */
const MAX_IN_FLIGHT = 2000;
/** Sockets of the load's keep-alive agent: the reference's concurrency too. */
const SOCKETS = 64;
/** The goal's rate as a ratio of the reference's req/s (the goal bounds no latency: ×ref95 is for reading). */
const RATE_RATIO_GOAL = 0.2;

const demoPassword = 'Sustained-Demo-Pass1';

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

async function main() {
  let pgServer: ThrowawayPostgres | null = null;
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-sustained-'));
  let databaseUrl = '';
  let dropDatabase: (() => Promise<void>) | null = null;
  if (kind === 'postgres') {
    const serverUrl = args['database-url'] ?? (pgServer = await startThrowawayPostgres()).url;
    const created = await createPostgresDatabase(serverUrl);
    databaseUrl = created.url;
    dropDatabase = created.drop;
  }
  const port = await freePort();
  const child = spawn(process.execPath, ['--conditions=@portal/source', 'src/app/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      PORTAL_DEMO: 'true',
      PORTAL_DEMO_PASSWORD: demoPassword,
      PORTAL_ADMIN_PASSWORD: 'Sustained-Admin-Pass1',
      PORTAL_SIMULATOR: 'false',
      // PGlite's process cache (PostgreSQL has none): `--cache=off` measures the database path alone.
      PORTAL_PROCESS_CACHE: args.cache === 'off' ? 'false' : 'true',
      JANUS_LOCAL: 'false',
      LOG_LEVEL: 'error',
      PORTAL_DIST: join(dataDir, 'no-portal'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = once(child, 'exit');
  try {
    const deadline = Date.now() + 180_000;
    for (;;) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error('the server did not start');
      try {
        // Readiness, not health: the server listens (and answers health) while it migrates, and sign-in is 503 until then.
        if ((await httpCall(port, { path: '/api/v1/health/ready', host: `127.0.0.1:${port}` })).status === 200) break;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    const host = `acme.portal.localhost:${port}`;
    const admin = await signIn(port, host, 'admin@acme.test', demoPassword);
    const member = await signIn(port, host, 'zoe.dupont@acme.test', demoPassword);
    await run(port, host, admin, member, child.pid!);
  } finally {
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
    await dropDatabase?.();
    pgServer?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function run(port: number, host: string, admin: SignedIn, member: SignedIn, pid: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: SOCKETS });
  const roleId = await createReferenceRole(port, host, admin);
  const reference = await measureReference({ port, host, cookie: admin.cookie, roleId, concurrency: SOCKETS, warmupRequests: 5, durationMs: Math.min(10_000, durationMs), agent });
  log(referenceLine(reference));
  log(
    `goal as ratios of the reference: a rate of ≥ ${RATE_RATIO_GOAL}× its req/s (${(RATE_RATIO_GOAL * reference.rate).toFixed(0)} req/s here; asked: ${rate}, ${(rate / reference.rate).toFixed(2)}×) held, 0 errors, flat memory`,
  );
  const start = `${new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 11)}09:00:00.000Z`;
  const searches = ['zoe', 'dupont', 'admin', 'acme.test', 'mar', 'li'];
  const ownMeetings: string[] = [];
  /** Unanswered reads and renames per meeting: under load they can wait seconds, and a deletion sent meanwhile would make them 404. */
  const pending = new Map<string, number>();
  /** The oldest meeting no call still uses, keeping the newest few for the reads and renames. */
  const takeDeletable = (): string | undefined => {
    const index = ownMeetings.findIndex((id, at) => at < ownMeetings.length - 3 && !pending.get(id));
    return index < 0 ? undefined : ownMeetings.splice(index, 1)[0];
  };
  /** `meeting`: the mix's meeting the call reads or renames, which its deletion waits for. */
  type Call = { method?: string; path: string; as: SignedIn; body?: unknown; meeting?: string; done?: (text: string) => void };
  const headersOf = (as: SignedIn, method: string) => ({ cookie: as.cookie, ...(method === 'GET' ? {} : { 'x-csrf-token': as.csrf }) });

  let n = 0;
  /** The n-th request of the mix: 16 of every 20 read, 4 write (create, rename, delete a meeting). */
  const next = (): Call => {
    const i = n++;
    switch (i % 20) {
      case 3:
      case 13:
        return {
          method: 'POST',
          path: '/api/v1/meetings',
          as: member,
          body: { kind: 'scheduled', topic: `Load ${i}`, start, durationMinutes: 30, timeZone: 'Europe/Paris' },
          done: (text) => ownMeetings.push((JSON.parse(text) as { id: string }).id),
        };
      case 7: {
        const id = ownMeetings.at(-1);
        if (id) return { method: 'PATCH', path: `/api/v1/meetings/${id}`, as: member, body: { topic: `Load ${i} renamed` }, meeting: id };
        return { path: '/api/v1/me', as: member };
      }
      case 17: {
        const id = takeDeletable();
        if (id) return { method: 'DELETE', path: `/api/v1/meetings/${id}`, as: member };
        return { path: '/api/v1/me', as: admin };
      }
      case 0:
      case 5:
      case 10:
        return { path: '/api/v1/users', as: admin };
      case 1:
      case 11:
        return { path: `/api/v1/users?q=${searches[i % searches.length]}`, as: admin };
      case 2:
      case 12:
      case 15:
        return { path: '/api/v1/meetings', as: member };
      case 4:
      case 14: {
        const id = ownMeetings.at(-1);
        return id ? { path: `/api/v1/meetings/${id}`, as: member, meeting: id } : { path: '/api/v1/meetings', as: member };
      }
      default:
        return { path: '/api/v1/me', as: i % 2 === 0 ? admin : member };
    }
  };

  let window: number[] = [];
  let errors = 0;
  let windowErrors = 0;
  let inFlight = 0;
  const errorSamples = new Map<string, number>();
  const fail = (what: string) => {
    errors += 1;
    windowErrors += 1;
    errorSamples.set(what, (errorSamples.get(what) ?? 0) + 1);
  };
  const send = (call: Call) => {
    if (inFlight >= MAX_IN_FLIGHT) return fail('not sent: too many in flight');
    inFlight += 1;
    const { meeting } = call;
    if (meeting) pending.set(meeting, (pending.get(meeting) ?? 0) + 1);
    const method = call.method ?? 'GET';
    const began = performance.now();
    httpCall(port, { method, path: call.path, host, agent, headers: headersOf(call.as, method), body: call.body })
      .then((res) => {
        window.push(performance.now() - began);
        if (res.status >= 400) fail(`${method} ${call.path.replace(/[0-9a-f-]{36}/, '{id}').split('?')[0]} ${res.status}`);
        else call.done?.(res.text);
      })
      .catch((error: Error) => fail(`${method} ${error.message}`))
      .finally(() => {
        inFlight -= 1;
        const left = meeting ? (pending.get(meeting) ?? 1) - 1 : 0;
        if (meeting && left > 0) pending.set(meeting, left);
        else if (meeting) pending.delete(meeting);
      });
  };

  log(`Sustained load: ${rate} req/s for ${(durationMs / 60_000).toFixed(1)} min on ${kind}${kind === 'pglite' ? (args.cache === 'off' ? ', no process cache' : ', process cache on') : ''}, reports every ${reportMs / 1000} s (${loadAverage()})`);
  log(`${'at'.padStart(6)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(7)} ${'p95 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'max ms'.padStart(7)} ${'errors'.padStart(6)} ${'in flight'.padStart(9)} ${'RSS MB'.padStart(7)} ${'×ref/s'.padStart(6)} ${'×ref95'.padStart(6)}  load`);
  const rssSeries: number[] = [];
  const started = performance.now();
  let sent = 0;
  let lastReport = started;
  const report = (now: number) => {
    const sorted = window.sort((a, b) => a - b);
    const rss = rssMb(pid);
    rssSeries.push(rss);
    const cells = [percentile(sorted, 50), percentile(sorted, 95), percentile(sorted, 99), sorted.at(-1) ?? Number.NaN].map((v) => v.toFixed(1).padStart(7));
    const reached = sorted.length / ((now - lastReport) / 1000);
    const ratios = [reached / reference.rate, percentile(sorted, 95) / reference.p95].map((v) => v.toFixed(2).padStart(6));
    log(
      `${`${((now - started) / 1000).toFixed(0)}s`.padStart(6)} ${reached.toFixed(0).padStart(7)} ${cells.join(' ')} ${String(windowErrors).padStart(6)} ${String(inFlight).padStart(9)} ${rss.toFixed(0).padStart(7)} ${ratios.join(' ')}  ${loadAverage().slice(5)}`,
    );
    window = [];
    windowErrors = 0;
    lastReport = now;
  };
  // Requests leave on a 10 ms tick, as many as the schedule says are due by now.
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const now = performance.now();
      const due = Math.min(rate * ((now - started) / 1000), (rate * durationMs) / 1000);
      while (sent < due) {
        send(next());
        sent += 1;
      }
      if (now - lastReport >= reportMs) report(now);
      if (now - started >= durationMs) {
        clearInterval(timer);
        resolve();
      }
    }, 10);
  });
  const drainUntil = performance.now() + 30_000;
  while (inFlight > 0 && performance.now() < drainUntil) await new Promise((r) => setTimeout(r, 50));
  if (window.length > 0) report(performance.now());
  agent.destroy();
  log(`\n${sent} requests sent, ${errors} errors${errors > 0 ? `: ${[...errorSamples].map(([k, v]) => `${k} ×${v}`).join(', ')}` : ''}`);
  if (rssSeries.length >= 2) {
    const first = rssSeries[0]!;
    const last = rssSeries.at(-1)!;
    log(`server RSS: ${first.toFixed(0)} MB after the first interval, ${last.toFixed(0)} MB at the end (${last >= first ? '+' : ''}${(last - first).toFixed(0)} MB), max ${Math.max(...rssSeries).toFixed(0)} MB`);
  }
  if (errors > 0) process.exitCode = 1;
}

await main();
