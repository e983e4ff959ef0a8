// Latency benchmark of the dashboards on the embedded database: a fresh PGlite with one year of
// demo-scale meeting history, the real app on a random loopback port, and one signed-in client
// asking dashboardInfo (a tenant administrator) and superTenantDashboard (the platform super
// administrator) for a 30-day and a one-year range, one request at a time, each three ways on
// PGlite (src/dashboards/cache.ts): `database`, nothing kept (as after an API write); `event`,
// after a media event of a meeting running today (the earlier days' history kept); `kept`, the
// same answer again.
//
//   node --conditions=@portal/source bench/dashboard.bench.ts [--tenants=20] [--demo-per-day=30] [--per-day=5] [--people=5]
//                                 [--requests=40] [--explain] [--enforce] [--database-url=postgres://...]
//                                 [--time-zone=UTC]
//
// History: the demo tenant holds --demo-per-day meetings a day, each other tenant between 1 and
// 2 × --per-day - 1 (--per-day on average), every meeting 2 to 2 × --people - 2 participants
// (--people on average), 70 % of them signed-in users of the tenant, the rest guests, with web,
// desktop and mobile clients. --enforce exits 1 when a database-answered tenant p95 exceeds
// 100 ms or a cross-tenant p95 exceeds 300 ms. --database-url runs the same on a new database of
// that PostgreSQL server (created and dropped here), where nothing is kept between requests.
// --time-zone asks for the ranges' days in that zone: UTC reads the days' series from whole UTC
// days of the rollups, any other whole-hour zone from their hours (src/dashboards/queries.ts).
// The reference (bench-lib.ts): first the same client, one request at a time, asks getRole (one
// row by primary key) --requests times; each row's p95 is printed as a multiple of the
// reference's p95 too, and the goal as that multiple (TENANT_P95_RATIO, PLATFORM_P95_RATIO).
import { sql, type SQLWrapper } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { hashPassword } from '../src/kernel/crypto/passwords.ts';
import { loadConfig } from '../src/kernel/config.ts';
import type { AppDatabase } from '../src/kernel/db/database.ts';
import { openDatabase } from '../src/kernel/db/database.ts';
import { dashboardClients, dashboardHosts, dashboardPeople, dashboardTotals, meetingParticipants, meetingSessions, users } from '../src/kernel/db/schema.ts';
import { insertTenant, type NewTenantUser } from '../src/tenants/insert-tenant.ts';
import type { Database } from '../src/kernel/db/types.ts';
import { peopleFigures, peopleFiguresQuery, sessionFigures, type DashboardRange } from '../src/dashboards/queries.ts';
import { dropProcessCaches } from '../src/kernel/db/process-cache.ts';
import { buildApp } from '../src/app/app.ts';
import { createPostgresDatabase } from './postgres-database.ts';
import { createReferenceRole, measureReference, referenceLine } from './bench-lib.ts';

const TENANT_P95_MS = 100;
const PLATFORM_P95_MS = 300;
/** The same goals as multiples of the reference's p95 (one client, one row by primary key). */
const TENANT_P95_RATIO = 25;
const PLATFORM_P95_RATIO = 80;

const { values: args } = parseArgs({
  options: {
    tenants: { type: 'string', default: '20' },
    'demo-per-day': { type: 'string', default: '30' },
    'per-day': { type: 'string', default: '5' },
    people: { type: 'string', default: '5' },
    requests: { type: 'string', default: '40' },
    explain: { type: 'boolean', default: false },
    enforce: { type: 'boolean', default: false },
    'database-url': { type: 'string' },
    'time-zone': { type: 'string', default: 'UTC' },
  },
});
const tenantCount = Number(args.tenants);
const demoPerDay = Number(args['demo-per-day']);
const perDay = Number(args['per-day']);
const people = Number(args.people);
const requestCount = Number(args.requests);

const password = 'Bench-Admin-1';
const log = (line: string) => process.stdout.write(`${line}\n`);
const DAY_MS = 86_400_000;
// The history ends yesterday (UTC); the ranges asked end there too.
const lastDay = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS - DAY_MS);
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const daysBefore = (days: number) => isoDay(new Date(lastDay.getTime() - (days - 1) * DAY_MS));

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

function staff(tenant: string, count: number, hash: string): NewTenantUser[] {
  return [
    { email: `admin@${tenant}.bench`, firstName: 'Admin', lastName: tenant, roles: ['admin'], passwordHash: hash },
    ...Array.from({ length: count - 1 }, (_, index) => ({ email: `user${index + 1}@${tenant}.bench`, firstName: `User${index + 1}`, lastName: tenant, roles: ['member'], passwordHash: null })),
  ];
}

/**
 * One tenant's year in two set-based statements: sessions from generate_series over days and
 * meetings of the day, then participants from generate_series over each session's head count.
 * setseed keeps the history the same from run to run.
 */
async function seedHistory(tx: Database, tenantId: string, meetingsPerDay: number, seed: number) {
  await tx.execute(sql`select setseed(${seed})`);
  const first = new Date(lastDay.getTime() - 364 * DAY_MS).toISOString();
  await tx.execute(sql`
    with staff as (select array_agg(id order by email) as ids from ${users} where tenant_id = ${tenantId}::uuid),
    slots as (
      select d, k from generate_series(0, 364) as d, lateral generate_series(1, ${meetingsPerDay}::int) as k
    ),
    runs as (
      select d, k, ${first}::timestamptz + d * interval '1 day' + interval '7 hours' + (random() * 11 * 3600) * interval '1 second' as started,
             (15 + random() * 75) * interval '1 minute' as length
      from slots
    )
    insert into ${meetingSessions} (tenant_id, code, topic, host_id, node, source, started_at, ended_at, video, screen_share, recording, participants)
    select ${tenantId}::uuid, lpad((d * 1000 + k)::text, 9, '0'), 'Meeting ' || d || '-' || k,
           staff.ids[1 + floor(random() * array_length(staff.ids, 1))::int],
           'janus-' || (1 + k % 3), 'simulator', started, started + length,
           random() < 0.8, random() < 0.3, random() < 0.1, 2 + floor(random() * ${2 * people - 3})::int
    from runs, staff`);
  await tx.execute(sql`
    with staff as (select array_agg(id order by email) as ids, count(*)::int as n from ${users} where tenant_id = ${tenantId}::uuid),
    clients as (
      select array['web', 'web', 'web', 'desktop', 'desktop', 'android', 'ios'] as platforms,
             array['Windows', 'macOS', 'Linux', 'Windows', 'macOS', 'Android', 'iOS'] as systems
    ),
    seats as (
      select s.id as session_id, s.started_at, s.ended_at, g, abs(hashtext(s.id::text)) % 1000 as offset_, random() as r, floor(random() * 7)::int as c
      from ${meetingSessions} s, lateral generate_series(1, s.participants) as g
      where s.tenant_id = ${tenantId}::uuid
    )
    insert into ${meetingParticipants} (tenant_id, session_id, participant_key, user_id, display_name, joined_at, left_at, client, samples)
    select ${tenantId}::uuid, session_id,
           case when r < 0.7 then staff.ids[1 + (offset_ + g) % staff.n]::text else 'guest-' || gen_random_uuid() end,
           case when r < 0.7 then staff.ids[1 + (offset_ + g) % staff.n] end,
           'Person ' || g,
           started_at + (r * 5) * interval '1 minute',
           ended_at - (r * 5) * interval '1 minute',
           jsonb_build_object('platform', clients.platforms[1 + c], 'os', clients.systems[1 + c], 'network', 'wifi'),
           10
    from seats, staff, clients`);
}

async function analyze(database: AppDatabase) {
  await database.withPlatform(async (tx) => {
    await tx.execute(sql`reset role`);
    await tx.execute(sql`analyze ${meetingSessions}, ${meetingParticipants}, ${users}, ${dashboardTotals}, ${dashboardHosts}, ${dashboardPeople}, ${dashboardClients}`);
  });
}

function post(port: number, host: string, path: string, cookie: string, csrf: string, body: unknown): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = httpRequest(
      { host: '127.0.0.1', port, method: 'POST', path, headers: { host, cookie, 'x-csrf-token': csrf, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function signIn(port: number, host: string, email: string): Promise<{ cookie: string; csrf: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, method: 'POST', path: '/api/v1/auth/login', headers: { host, 'content-type': 'application/json' } },
      (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode !== 200) return reject(new Error(`sign-in of ${email} failed: ${res.statusCode}`));
          const pairs = (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]!);
          const csrf = pairs.find((pair) => pair.startsWith('portal_csrf='))?.slice('portal_csrf='.length) ?? '';
          resolve({ cookie: pairs.join('; '), csrf });
        });
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify({ email, password }));
  });
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-dashboard-'));
  const server = args['database-url'] ? await createPostgresDatabase(args['database-url']) : null;
  const config = { ...loadConfig({}), databaseUrl: server?.url ?? null, dataDir, demo: false, port: 0, host: '127.0.0.1', portalDist: join(dataDir, 'no-portal') };
  const database = await openDatabase(config);
  try {
    await database.migrate();
    const started = performance.now();
    const hash = await hashPassword(password);
    const snames = ['demo', ...Array.from({ length: tenantCount - 1 }, (_, index) => `tenant${String(index + 2).padStart(2, '0')}`)];
    const ids = await database.withPlatform(async (tx) => {
      await insertTenant(tx, { sname: 'system', name: 'Platform', users: [{ email: 'super@system.bench', firstName: 'Super', lastName: 'Admin', roles: ['superadmin'], passwordHash: hash }] });
      const created: string[] = [];
      for (const [index, sname] of snames.entries()) {
        const seeded = await insertTenant(tx, { sname, name: `${sname.charAt(0).toUpperCase()}${sname.slice(1)} Corporation`, users: staff(sname, index === 0 ? 60 : 20, hash) });
        created.push(seeded.tenantId);
      }
      return created;
    });
    for (const [index, tenantId] of ids.entries()) {
      // Other tenants: 1 to 2 × per-day - 1 meetings a day, per-day on average over the tenants.
      const perTenant = index === 0 ? demoPerDay : 1 + ((index * 7) % (2 * perDay - 1));
      await database.withPlatform((tx) => seedHistory(tx, tenantId, perTenant, index / (ids.length + 1)));
    }
    await analyze(database);
    const counts = await database.withPlatform(async (tx) => {
      const [row] = await tx
        .select({
          sessions: sql<number>`(select count(*)::int from ${meetingSessions})`,
          demoSessions: sql<number>`(select count(*)::int from ${meetingSessions} where tenant_id = ${ids[0]}::uuid)`,
          participants: sql<number>`(select count(*)::int from ${meetingParticipants})`,
          demoParticipants: sql<number>`(select count(*)::int from ${meetingParticipants} where tenant_id = ${ids[0]}::uuid)`,
          users: sql<number>`(select count(*)::int from ${users})`,
        })
        .from(sql`(select 1) as one`);
      return row!;
    });
    log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s (${database.kind}): ${tenantCount} tenants, ${counts.users} users, 365 days ending ${isoDay(lastDay)}`);
    log(`  all tenants: ${counts.sessions} meetings, ${counts.participants} participants`);
    log(`  demo tenant: ${counts.demoSessions} meetings (${demoPerDay} a day), ${counts.demoParticipants} participants`);

    const app = await buildApp({ config, database });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const tenantHost = `demo.portal.localhost:${port}`;
    const systemHost = `system.portal.localhost:${port}`;
    const admin = await signIn(port, tenantHost, 'admin@demo.bench');
    const superAdmin = await signIn(port, systemHost, 'super@system.bench');
    const roleId = await createReferenceRole(port, tenantHost, admin);
    const reference = await measureReference({ port, host: tenantHost, cookie: admin.cookie, roleId, concurrency: 1, warmupRequests: 10, requests: requestCount });
    log(`\n${referenceLine(reference)}`);

    const ranges = [
      ['30 days', { startDate: daysBefore(30), endDate: isoDay(lastDay), timeZone: args['time-zone'] }],
      ['1 year', { startDate: daysBefore(365), endDate: isoDay(lastDay), timeZone: args['time-zone'] }],
    ] as const;
    const scenarios = [
      ['dashboardInfo (tenant)', tenantHost, '/api/v1/dashboard', admin, TENANT_P95_MS, TENANT_P95_RATIO],
      ['superTenantDashboard', systemHost, '/api/v1/dashboard/platform', superAdmin, PLATFORM_P95_MS, PLATFORM_P95_RATIO],
    ] as const;

    log(`\n${requestCount} sequential requests per row after 3 warm-ups, over HTTP`);
    log(`${'operation'.padEnd(22)} ${'range'.padEnd(8)} ${'answers'.padEnd(10)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'max ms'.padStart(8)} ${'goal'.padStart(6)} ${'× ref'.padStart(7)} ${'goal'.padStart(5)}  meetings`);
    let overBudget = false;
    let overRatio = false;
    for (const [name, host, path, session, budget, ratioBudget] of scenarios) {
      for (const [label, body] of ranges) {
        // database: nothing kept (as after an API write); event: after a media event of a meeting
        // running today (kept history of the earlier days); kept: the same answer again.
        const modes = database.kind === 'pglite' ? (['database', 'event', 'kept'] as const) : (['database'] as const);
        for (const mode of modes) {
          let meetings = 0;
          for (let i = 0; i < 3; i += 1) await post(port, host, path, session.cookie, session.csrf, body);
          const times: number[] = [];
          for (let i = 0; i < requestCount; i += 1) {
            if (mode === 'database') dropProcessCaches(database);
            if (mode === 'event') app.liveBus.publish({ tenantId: ids[0]!, sessionIds: [] });
            const t0 = performance.now();
            const res = await post(port, host, path, session.cookie, session.csrf, body);
            times.push(performance.now() - t0);
            if (res.status !== 200) throw new Error(`${name} ${label}: ${res.status} ${res.text}`);
            meetings = (JSON.parse(res.text) as { cards: { meetings: number } }).cards.meetings;
          }
          times.sort((a, b) => a - b);
          const p95 = percentile(times, 95);
          if (mode === 'database' && p95 > budget) overBudget = true;
          const ratio = p95 / reference.p95;
          if (mode === 'database' && ratio > ratioBudget) overRatio = true;
          log(
            `${name.padEnd(22)} ${label.padEnd(8)} ${mode.padEnd(10)} ${percentile(times, 50).toFixed(1).padStart(8)} ${p95.toFixed(1).padStart(8)} ${times.at(-1)!.toFixed(1).padStart(8)} ${`≤${budget}`.padStart(6)} ${ratio.toFixed(1).padStart(7)} ${`≤${ratioBudget}`.padStart(5)}  ${meetings}`,
          );
        }
      }
    }

    if (args.explain) {
      const from = new Date(`${daysBefore(365)}T00:00:00Z`);
      const to = new Date(lastDay.getTime() + DAY_MS);
      // Each query from the rollups (UTC days, and a zone's hours), then from the raw rows, on the same data.
      for (const tenantId of [ids[0]!, null]) {
        for (const [source, flags] of [
          ['rollups, UTC days', { hourly: true, daily: true }],
          ['rollups, hours', { hourly: true, daily: false }],
          ['raw rows', { hourly: false, daily: false }],
        ] as const) {
          const range: DashboardRange = { from, to, timeZone: 'UTC', now: new Date(), tenantId, ...flags };
          const queries: [string, (tx: Database) => Promise<unknown>][] = [
            ['sessionFigures', (tx) => sessionFigures(tx, range)],
            ['peopleFigures (top 10)', (tx) => peopleFigures(tx, range, 10)],
            ['peopleFigures (everyone)', (tx) => peopleFigures(tx, range, null)],
          ];
          for (const [label, run] of queries) {
            const t0 = performance.now();
            await database.withPlatform(run);
            log(`${tenantId ? 'tenant' : 'platform'} ${label} (${source}): ${(performance.now() - t0).toFixed(1)} ms`);
          }
        }
      }
      const tenantRange: DashboardRange = { from, to, timeZone: 'UTC', now: new Date(), tenantId: ids[0]!, hourly: true, daily: true };
      await explain('peopleFigures (tenant, 1 year)', () => peopleFiguresQuery(tenantRange, 10));
    }

    async function explain(label: string, build: (tx: Database) => SQLWrapper) {
      const plan = await database.withPlatform((tx) => tx.execute(sql`explain (analyze, costs off) ${build(tx)}`));
      const rows = Array.isArray(plan) ? plan : (plan as { rows: unknown[] }).rows;
      log(`\n--- ${label}\n${(rows as { 'QUERY PLAN': string }[]).map((r) => r['QUERY PLAN']).join('\n')}`);
    }

    if (overRatio) log(`\na database-answered p95 exceeds its goal as a multiple of the reference's (tenant ≤ ${TENANT_P95_RATIO}×, cross-tenant ≤ ${PLATFORM_P95_RATIO}×)`);
    await app.close();
    if (args.enforce && overBudget) {
      log(`\na p95 exceeds its goal (tenant ≤ ${TENANT_P95_MS} ms, cross-tenant ≤ ${PLATFORM_P95_MS} ms)`);
      process.exitCode = 1;
    }
  } finally {
    await database.close();
    await server?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
