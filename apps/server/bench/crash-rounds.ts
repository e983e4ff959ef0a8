// Crash rounds: the real server (src/app/main.ts, a child process) on a real database, concurrent
// writes over HTTP (users created, meetings scheduled with a co-host, people invited, which
// queues mail), SIGKILL at a random moment, and then, on the database the dead process left:
//
//   - every write the API acknowledged (201/204) is there;
//   - no half-written rows: every user created here has its role, every user its search words
//     (and no word outlives its user), every meeting its co-host;
//   - invoice numbers have no gap (per issuer), and no job or mail is stranded: a lease left by
//     the dead process runs out within the lease time (nothing else to clean up);
//   - PGlite: the directory opens again (the dead process's lock is taken over) within 2 s, and
//     while a server runs, a second process on the same directory is refused.
//
//   pnpm --filter @portal/server bench:crash      (50 rounds on PGlite, then 50 on PostgreSQL)
//   node --conditions=@portal/source bench/crash-rounds.ts [--rounds=50] [--database=pglite,postgres] [--writers=6]
//        [--kill-after-ms=500-4000] [--database-url=postgres://...]
//   Environment knobs: CRASH_ROUNDS, CRASH_DATABASES.
//
// Prints one line per round and "rounds passed: n/N" per database; exits 1 if any round failed.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseKind } from '../src/kernel/db/database.ts';
import { rowsOf } from '../src/kernel/db/types.ts';
import { convertJobKind } from '../src/recordings/service.ts';
import { freePort, httpCall, loadAverage, log, numberOption, signIn, startThrowawayPostgres, type ThrowawayPostgres } from './bench-lib.ts';
import { createPostgresDatabase } from './postgres-database.ts';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const REOPEN_BUDGET_MS = 2000;
/** The job queue's and the mail outbox's default lease; a claim by the dead process ends by then. */
const LEASE_SECONDS = 600;

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string' },
    database: { type: 'string' },
    'database-url': { type: 'string' },
    writers: { type: 'string', default: '6' },
    'kill-after-ms': { type: 'string', default: '500-4000' },
  },
});
const rounds = numberOption(args.rounds, 'CRASH_ROUNDS', 50);
const kinds = (args.database ?? process.env.CRASH_DATABASES ?? 'pglite,postgres').split(',').map((k) => k.trim()) as DatabaseKind[];
const writers = Number(args.writers);
const [killMin, killMax] = args['kill-after-ms'].split('-').map(Number) as [number, number];

const demoPassword = 'Crash-Demo-Pass1';
const tenantHost = (port: number) => `acme.portal.localhost:${port}`;

type Acknowledged = { users: Set<string>; meetings: Set<string>; invites: number };

function startServer(env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, ['--conditions=@portal/source', 'src/app/main.ts'], { cwd: serverDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
}

async function waitForHealth(port: number, child: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output = (output + c.toString()).slice(-4000)));
  child.stderr?.on('data', (c: Buffer) => (output = (output + c.toString()).slice(-4000)));
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`);
    try {
      if ((await httpCall(port, { path: '/api/v1/health', host: `127.0.0.1:${port}` })).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not answer within ${timeoutMs} ms:\n${output}`);
}

/** A second server on the same PGlite directory must stop at once, naming the first. */
async function secondProcessRefused(env: NodeJS.ProcessEnv): Promise<boolean> {
  const second = spawn(process.execPath, ['--conditions=@portal/source', 'src/app/main.ts'], { cwd: serverDir, env: { ...env, PORT: '0' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  second.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const timer = setTimeout(() => second.kill('SIGKILL'), 60_000);
  const [code] = (await once(second, 'exit')) as [number | null];
  clearTimeout(timer);
  return code === 1 && output.includes('in use by another portal server');
}

const refusalsSeen = new Set<string>();
/** A write the server refused (not a crash): printed once per kind, it means the harness is wrong. */
function refusal(what: string) {
  const key = what.split(' ').slice(0, 2).join(' ');
  if (refusalsSeen.has(key)) return;
  refusalsSeen.add(key);
  log(`  refused: ${what}`);
}

/** Writers that loop until stopped; only answers received in full count as acknowledged. */
function startWriters(port: number, session: { cookie: string; csrf: string }, coHostId: string, ack: Acknowledged, round: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: writers });
  let stopped = false;
  let n = 0;
  const headers = { cookie: session.cookie, 'x-csrf-token': session.csrf };
  const host = tenantHost(port);
  const start = `${new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 11)}09:00:00.000Z`;
  const loop = async (w: number) => {
    while (!stopped) {
      const i = n++;
      try {
        if (i % 3 === 0) {
          const email = `crash-${round}-${w}-${i}@acme.test`;
          const res = await httpCall(port, {
            method: 'POST',
            path: '/api/v1/users',
            host,
            headers,
            agent,
            body: { email, firstName: 'Crash', lastName: 'Crashtest', roles: ['member'], passwordMode: 'generate' },
          });
          if (res.status === 201) ack.users.add(email);
          else refusal(`addUser ${res.status} ${res.text.slice(0, 200)}`);
        } else if (i % 3 === 1) {
          const res = await httpCall(port, {
            method: 'POST',
            path: '/api/v1/meetings',
            host,
            headers,
            agent,
            body: { kind: 'scheduled', topic: `crash ${round}-${i}`, start, durationMinutes: 30, timeZone: 'Europe/Paris', coHostIds: [coHostId] },
          });
          if (res.status === 201) ack.meetings.add((JSON.parse(res.text) as { id: string }).id);
          else refusal(`addMeeting ${res.status} ${res.text.slice(0, 200)}`);
        } else {
          // Inviting a user queues a mail in the invitation's transaction (the outbox's lease).
          const res = await httpCall(port, { method: 'POST', path: `/api/v1/users/${coHostId}/invite`, host, headers, agent });
          if (res.status >= 200 && res.status < 300) ack.invites += 1;
          else refusal(`inviteUser ${res.status} ${res.text.slice(0, 200)}`);
        }
      } catch {
        // The server died under this request: not acknowledged.
        if (!stopped) await new Promise((r) => setTimeout(r, 20));
      }
    }
  };
  const done = Promise.all(Array.from({ length: writers }, (_, w) => loop(w)));
  return async () => {
    stopped = true;
    await done;
    agent.destroy();
  };
}

type Check = { openMs: number; problems: string[] };

/** Opens what the dead server left and checks it. */
async function check(kind: DatabaseKind, config: { databaseUrl: string | null; dataDir: string }, ack: Acknowledged): Promise<Check> {
  const started = performance.now();
  const database = await openDatabase(config);
  const openMs = performance.now() - started;
  const problems: string[] = [];
  try {
    await database.withPlatform(async (tx) => {
      const count = async (query: ReturnType<typeof sql>) => Number(rowsOf<{ n: number | string }>(await tx.execute(query))[0]?.n ?? 0);
      const emails = [...ack.users];
      if (emails.length > 0) {
        const found = rowsOf<{ email: string }>(await tx.execute(sql`select email from users where email in (select jsonb_array_elements_text(${JSON.stringify(emails)}::jsonb))`));
        const missing = emails.length - found.length;
        if (missing > 0) problems.push(`${missing} acknowledged users missing`);
      }
      const meetingIds = [...ack.meetings];
      if (meetingIds.length > 0) {
        const found = await count(sql`select count(*) as n from meetings where id in (select jsonb_array_elements_text(${JSON.stringify(meetingIds)}::jsonb)::uuid)`);
        if (found !== meetingIds.length) problems.push(`${meetingIds.length - found} acknowledged meetings missing`);
      }
      const roleless = await count(sql`select count(*) as n from users u where u.email like 'crash-%' and not exists (select 1 from user_roles r where r.user_id = u.id)`);
      if (roleless > 0) problems.push(`${roleless} users without their role`);
      // The search's words (drizzle/0028) are written by the users' triggers in the same transaction.
      const wordless = await count(sql`select count(*) as n from users u where not exists (select 1 from user_search_words w where w.tenant_id = u.tenant_id and w.user_id = u.id)`);
      if (wordless > 0) problems.push(`${wordless} users without their search words`);
      const strays = await count(sql`select count(*) as n from user_search_words w where not exists (select 1 from users u where u.id = w.user_id)`);
      if (strays > 0) problems.push(`${strays} search words of no user`);
      const lonely = await count(sql`select count(*) as n from meetings m where m.topic like 'crash %' and (select count(*) from meeting_co_hosts c where c.meeting_id = m.id) <> 1`);
      if (lonely > 0) problems.push(`${lonely} meetings without their co-host`);
      const numbers = rowsOf<{ issuer: string; number: string }>(await tx.execute(sql`select issuer, number from invoices order by issuer, number`));
      const gaps = invoiceGaps(numbers);
      if (gaps.length > 0) problems.push(`invoice number gaps: ${gaps.slice(0, 3).join(', ')}`);
      // A job's lease is LEASE_SECONDS, except a recording's conversion: it extends its own lease to
      // its composing budget, three times the media's length plus 600 s (src/recordings/jobs.ts),
      // which only the media files tell. The killed process may hold it that long; it is not lost
      // while it stays queued within its attempts, which is what is checked for it.
      const stranded = rowsOf<{ kind: string; attempts: number; error: string | null; aheadS: number }>(
        await tx.execute(sql`
          select kind, attempts, left(last_error, 120) as error, extract(epoch from run_at - now())::int as "aheadS"
          from jobs
          where status = 'queued' and (attempts > max_attempts
            or kind <> ${convertJobKind} and attempts > 0 and run_at > now() + ${`${LEASE_SECONDS + 60} seconds`}::interval)`),
      );
      // Which jobs, and why they last failed: the next person starts from there.
      if (stranded.length > 0) problems.push(`${stranded.length} jobs stranded (${stranded.map((j) => `${j.kind} after ${j.attempts} attempts, due in ${j.aheadS} s: ${j.error ?? 'no error'}`).join('; ')})`);
    });
  } finally {
    await database.close();
  }
  if (kind === 'pglite' && openMs > REOPEN_BUDGET_MS) problems.push(`reopening took ${openMs.toFixed(0)} ms (budget ${REOPEN_BUDGET_MS})`);
  return { openMs, problems };
}

/** Numbers end in a sequence (e.g. INV-2026-000123): per issuer and prefix, each must follow the last. */
function invoiceGaps(rows: { issuer: string; number: string }[]): string[] {
  const series = new Map<string, number[]>();
  for (const { issuer, number } of rows) {
    const match = /^(.*?)(\d+)$/.exec(number);
    if (!match) continue;
    const key = `${issuer}:${match[1]}`;
    series.set(key, [...(series.get(key) ?? []), Number(match[2])]);
  }
  const gaps: string[] = [];
  for (const [key, values] of series) {
    values.sort((a, b) => a - b);
    for (let i = 1; i < values.length; i++) if (values[i] !== values[i - 1]! + 1) gaps.push(`${key} ${values[i - 1]}→${values[i]}`);
  }
  return gaps;
}

async function runRounds(kind: DatabaseKind, pgServer: () => Promise<string>): Promise<{ passed: number; total: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-crash-'));
  const pg = kind === 'postgres' ? await createPostgresDatabase(await pgServer()) : null;
  const ack: Acknowledged = { users: new Set(), meetings: new Set(), invites: 0 };
  const config = { databaseUrl: pg?.url ?? null, dataDir };
  let passed = 0;
  try {
    for (let round = 1; round <= rounds; round++) {
      const port = await freePort();
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: pg?.url ?? '',
        PORTAL_DEMO: 'true',
        PORTAL_DEMO_PASSWORD: demoPassword,
        PORTAL_ADMIN_PASSWORD: 'Crash-Admin-Pass1',
        PORTAL_SIMULATOR: 'false',
        JANUS_LOCAL: 'false',
        LOG_LEVEL: 'fatal',
        PORTAL_DIST: join(dataDir, 'no-portal'),
      };
      const startedAt = performance.now();
      const child = startServer(env);
      const exited = once(child, 'exit');
      let line = `[${kind}] round ${String(round).padStart(2)}:`;
      try {
        // The first start migrates and writes the demo tenant's 90 days of history.
        await waitForHealth(port, child, round === 1 ? 600_000 : 120_000);
        const startMs = performance.now() - startedAt;
        const refused = kind === 'pglite' && round % 10 === 1 ? await secondProcessRefused(env) : null;
        const session = await signIn(port, tenantHost(port), 'admin@acme.test', demoPassword);
        const people = await httpCall(port, { path: '/api/v1/users?q=zoe.dupont', host: tenantHost(port), headers: { cookie: session.cookie } });
        const coHostId = (JSON.parse(people.text) as { items: { id: string }[] }).items[0]!.id;
        const before = { users: ack.users.size, meetings: ack.meetings.size, invites: ack.invites };
        const stop = startWriters(port, session, coHostId, ack, round);
        const killAfter = killMin + Math.random() * (killMax - killMin);
        await new Promise((r) => setTimeout(r, killAfter));
        child.kill('SIGKILL');
        await exited;
        await stop();
        const { openMs, problems } = await check(kind, config, ack);
        if (refused === false) problems.push('a second process on the directory was not refused');
        line += ` started ${(startMs / 1000).toFixed(1)} s, killed after ${killAfter.toFixed(0)} ms with ${ack.users.size - before.users} users, ${ack.meetings.size - before.meetings} meetings, ${ack.invites - before.invites} invitations acknowledged; reopened in ${openMs.toFixed(0)} ms${refused ? ', second process refused' : ''}`;
        if (problems.length === 0) passed += 1;
        log(`${line} — ${problems.length === 0 ? 'ok' : `FAILED: ${problems.join('; ')}`}`);
      } catch (error) {
        child.kill('SIGKILL');
        log(`${line} FAILED: ${(error as Error).message}`);
      }
    }
  } finally {
    await pg?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  log(`[${kind}] rounds passed: ${passed}/${rounds} (${ack.users.size} users, ${ack.meetings.size} meetings, ${ack.invites} invitations acknowledged in all; ${loadAverage()})`);
  return { passed, total: rounds };
}

async function main() {
  let server: ThrowawayPostgres | null = null;
  const pgServer = async () => {
    if (args['database-url']) return args['database-url'];
    server ??= await startThrowawayPostgres();
    return server.url;
  };
  let failed = 0;
  try {
    for (const kind of kinds) {
      const { passed, total } = await runRounds(kind, pgServer);
      failed += total - passed;
    }
  } finally {
    (server as ThrowawayPostgres | null)?.stop();
  }
  if (failed > 0) process.exitCode = 1;
}

await main();
