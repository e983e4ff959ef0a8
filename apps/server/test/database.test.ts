import { eq, sql } from 'drizzle-orm';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockDataDir, DataDirLockedError } from '../src/kernel/db/data-dir-lock.ts';
import { migrationsFolder } from '../src/kernel/db/database.ts';
import { seedDatabase } from '../src/app/seed.ts';
import type { Database } from '../src/kernel/db/types.ts';
import { paymentTransactions, subscriptions, tenantApps, tenantOwnedTables, tenants, users } from '../src/kernel/db/schema.ts';
import type { MeetingScope } from '../src/meetings/access.ts';
import { openMeetings, pastOccurrences, upcomingOccurrences } from '../src/meetings/lists.ts';
import { readPersonalMeeting } from '../src/meetings/personal.ts';
import { createTestDatabase, startTestServer, testPassword, type TestServer } from './harness.ts';
import { journalIndex, migrationsCut } from './releases.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const rowsOf = (result: unknown) => (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, unknown>[];

describe('row-level security', () => {
  it('runs request work as portal_app, not as the owner', async () => {
    const [row] = rowsOf(await server.database.withTenant(server.ids.tenants.acme, (tx) => tx.execute(sql`select current_user as name`)));
    expect(row?.name).toBe('portal_app');
  });

  it('hides and protects another tenant\u2019s rows even from a query without a tenant filter', async () => {
    const acmeAdmin = server.ids.users['admin@acme.test']!;
    const asGlobex = <T>(fn: Parameters<typeof server.database.withTenant<T>>[1]) => server.database.withTenant(server.ids.tenants.globex, fn);
    const seen = await asGlobex((tx) => tx.select({ id: users.id, tenantId: users.tenantId }).from(users));
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((user) => user.tenantId === server.ids.tenants.globex)).toBe(true);
    expect(await asGlobex((tx) => tx.select().from(users).where(eq(users.id, acmeAdmin)))).toEqual([]);
    const updated = await asGlobex((tx) => tx.update(users).set({ firstName: 'Hacked' }).where(eq(users.id, acmeAdmin)).returning({ id: users.id }));
    expect(updated).toEqual([]);
    const deleted = await asGlobex((tx) => tx.delete(users).where(eq(users.id, acmeAdmin)).returning({ id: users.id }));
    expect(deleted).toEqual([]);
    await expect(
      asGlobex((tx) => tx.insert(users).values({ tenantId: server.ids.tenants.acme, email: 'planted@acme.test', firstName: 'P', lastName: 'Q' })),
    ).rejects.toThrow();
    const [still] = await server.database.withTenant(server.ids.tenants.acme, (tx) => tx.select().from(users).where(eq(users.id, acmeAdmin)));
    expect(still?.firstName).toBe('Admin');
    expect(await asGlobex((tx) => tx.select().from(tenants))).toEqual([expect.objectContaining({ sname: 'globex' })]);
  });

  it('answers the same query, prepared once per connection, with each tenant\u2019s own rows only', async () => {
    // The users page's shape without a tenant filter: only the policy, with the setting of each
    // transaction, keeps the tenants apart, however often the connection's statement is reused.
    const page = (tx: Parameters<Parameters<typeof server.database.withTenant>[1]>[0]) =>
      tx.select({ tenantId: users.tenantId }).from(users).where(eq(users.status, 'enabled')).limit(50);
    for (let round = 0; round < 12; round++) {
      const tenant = round % 2 === 0 ? server.ids.tenants.acme : server.ids.tenants.globex;
      const seen = await server.database.withTenant(tenant, page);
      expect(seen.length).toBeGreaterThan(0);
      expect(new Set(seen.map((row) => row.tenantId))).toEqual(new Set([tenant]));
    }
    if (server.database.kind !== 'postgres') return;
    // On PostgreSQL (DATABASE_PREPARE, on by default) the query is a prepared statement of the connection that ran it.
    const prepared = await server.database.withTenant(server.ids.tenants.acme, async (tx) => {
      await page(tx);
      return rowsOf(await tx.execute(sql`select statement from pg_prepared_statements where statement like '%"users"."status" = $1%'`));
    });
    expect(prepared.length).toBeGreaterThan(0);
  });

  it('opens every tenant only to platform transactions', async () => {
    const all = await server.database.withPlatform((tx) => tx.select({ sname: tenants.sname }).from(tenants));
    expect(all.map((t) => t.sname).sort()).toEqual(['acme', 'globex', 'system']);
  });

  it('covers exactly the tables that carry tenant_id, with RLS forced', async () => {
    const rows = rowsOf(
      await server.database.withPlatform((tx) =>
        tx.execute(sql`
          select c.relname as name, c.relrowsecurity as enabled, c.relforcerowsecurity as forced,
                 exists (select 1 from information_schema.columns k where k.table_schema = 'public' and k.table_name = c.relname and k.column_name = 'tenant_id') as has_tenant
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind = 'r'`),
      ),
    );
    const withTenant = rows.filter((row) => row.has_tenant).map((row) => row.name);
    expect(new Set(withTenant)).toEqual(new Set(tenantOwnedTables));
    for (const name of [...tenantOwnedTables, 'tenants']) {
      expect(rows.find((row) => row.name === name)).toMatchObject({ enabled: true, forced: true });
    }
  });
});

describe('migrations on existing rows', () => {
  /** A copy of the migrations that stops before the one named `tag`. */
  function migrationsBefore(tag: string): string {
    expect(journalIndex(tag)).toBeGreaterThan(0);
    return migrationsCut(journalIndex(tag));
  }

  /**
   * A database migrated up to `tag`, given the rows `existing` writes in that schema's own columns,
   * then migrated to the end; answers what `read` reads there (in platform mode).
   */
  async function afterMigrating<T>(tag: string, existing: (tx: Database) => Promise<unknown>, read: (tx: Database) => Promise<T>): Promise<T> {
    const folder = migrationsBefore(tag);
    const { database, drop } = await createTestDatabase({}, folder);
    try {
      await database.withPlatform(async (tx) => {
        await tx.execute(sql`insert into tenants (sname, name, brandname) values ('oldco', 'Old Co', 'Old')`);
        await existing(tx);
      });
      await database.migrate();
      return await database.withPlatform(read);
    } finally {
      await database.close();
      await drop();
      rmSync(folder, { recursive: true, force: true });
    }
  }

  it("0008 switches both flags on for an existing tenant's built-in administrators, and nothing else", async () => {
    const rows = await afterMigrating(
      '0008_builtin_role_dial',
      (tx) => tx.execute(sql`insert into roles (tenant_id, name, built_in) select id, unnest(array['tenantadmin', 'admin', 'member', 'helpdesk']), unnest(array[true, true, true, false]) from tenants where sname = 'oldco'`),
      async (tx) => rowsOf(await tx.execute(sql`select name, dial_in, dial_out from roles order by name`)),
    );
    expect(rows).toEqual([
      { name: 'admin', dial_in: true, dial_out: true },
      { name: 'helpdesk', dial_in: false, dial_out: false },
      { name: 'member', dial_in: false, dial_out: false },
      { name: 'tenantadmin', dial_in: true, dial_out: true },
    ]);
  });

  it('0028 gives the existing users their search words and the tenant its vocabulary', async () => {
    const { words, vocabulary } = await afterMigrating(
      '0028_users_search_words',
      (tx) => tx.execute(sql`insert into users (tenant_id, email, first_name, last_name) select id, 'zoe.muller@old.test', 'Zoë', 'Müller' from tenants where sname = 'oldco'`),
      async (tx) => ({
        words: rowsOf(await tx.execute(sql`select word, email from user_search_words order by word`)),
        vocabulary: rowsOf(await tx.execute(sql`select word from user_search_vocabulary order by word`)).map((row) => row.word),
      }),
    );
    const expected = ['muller', 'müller', 'old', 'test', 'zoe', 'zoë'];
    expect(words).toEqual(expected.map((word) => ({ word, email: 'zoe.muller@old.test' })));
    expect(vocabulary).toEqual(expected);
  });
});

describe('users search text', () => {
  it('is the email and names lower-cased, follows a rename, and has the trigram index the search uses', async () => {
    const rows = rowsOf(await server.database.withPlatform((tx) => tx.execute(sql`select indexdef from pg_indexes where indexname = 'users_search_trgm'`)));
    expect(String(rows[0]?.indexdef)).toMatch(/gin \(search_text gin_trgm_ops\)/);
    const admin = server.ids.users['admin@acme.test']!;
    const rename = (firstName: string) =>
      server.database.withTenant(server.ids.tenants.acme, (tx) => tx.update(users).set({ firstName }).where(eq(users.id, admin)).returning({ lastName: users.lastName, searchText: users.searchText }));
    const [renamed] = await rename('ÉLODIE');
    expect(renamed?.searchText).toBe(`admin@acme.test élodie ${renamed?.lastName.toLowerCase()}`);
    await rename('Admin');
  });
});

describe('seedDatabase', () => {
  it('creates the platform and the demo tenant once, and nothing on later starts', async () => {
    const { database, drop } = await createTestDatabase();
    try {
      const report = await seedDatabase(database, { adminEmail: 'root@portal.localhost', adminPassword: null, demo: true, demoPassword: 'Demo-Passw0rd' });
      expect(report?.generatedAdminPassword).toMatch(/^.{16}$/);
      expect(report?.demo).toMatchObject({ tenant: 'acme', adminEmail: 'admin@acme.test', password: 'Demo-Passw0rd', passwordGenerated: false });
      const all = await database.withPlatform((tx) => tx.select().from(tenants));
      expect(all.map((t) => t.sname).sort()).toEqual(['acme', 'system']);
      const acme = all.find((t) => t.sname === 'acme')!;
      expect(acme).toMatchObject({ name: 'Acme Corporation', brandname: 'Acme Meetings' });
      expect(acme.branding.themeLite?.primary).toMatch(/^#[0-9a-f]{6}$/i);
      const acmeUsers = await database.withTenant(acme.id, (tx) => tx.select().from(users));
      expect(acmeUsers.length).toBeGreaterThanOrEqual(25);
      // Slack is installed, and the tenant's slack feature says so.
      const apps = await database.withTenant(acme.id, (tx) => tx.select().from(tenantApps));
      expect(apps).toEqual([expect.objectContaining({ app: 'slack', status: 'installed', apiKey: null })]);
      expect(acme.features).toMatchObject({ slack: true });
      // A billing history, so the tenant detail's Subscriptions and Transactions show real rows.
      const billing = await database.withTenant(acme.id, async (tx) => ({ subscriptions: await tx.select().from(subscriptions), transactions: await tx.select().from(paymentTransactions) }));
      // The running ones are the catalogue's plans, each payment with its invoice (Invoice history).
      expect(billing.subscriptions.filter((s) => s.status === 'active').map((s) => s.product).sort()).toEqual(['Meeting', 'Storage bundle']);
      expect(billing.subscriptions.every((s) => s.planId !== null)).toBe(true);
      expect(billing.transactions.every((t) => t.invoiceId !== null)).toBe(true);
      expect(billing.transactions.length).toBeGreaterThanOrEqual(5);
      expect(billing.transactions.some((t) => t.status === 'failed')).toBe(true);
      // Meetings in every list of the member's screens: upcoming (recurring and one-off), past, open, personal.
      const [alice] = acmeUsers.filter((u) => u.email === 'admin@acme.test');
      const scope: MeetingScope = {
        tenantId: acme.id,
        caller: { isSuperadmin: false, role: 'tenantadmin', permissions: new Set(['meeting.schedule.get', 'meeting.open.get', 'meeting.personal.get']), dial: new Set() },
        db: (fn) => database.withTenant(acme.id, fn),
        database,
        audit: { tenantId: acme.id, userId: alice?.id ?? null, label: null, ip: null, requestId: null },
        userId: alice?.id ?? '',
        origin: 'http://acme.portal.localhost:3000',
        acceptLanguage: undefined,
        now: () => new Date(),
      };
      const upcoming = await upcomingOccurrences(scope, { limit: 100 });
      expect(new Set(upcoming.items.map((o) => o.topic))).toEqual(new Set(['Weekly team sync', 'Monthly all-hands', 'Client demo: Globex rollout', 'Daily stand-up']));
      expect(upcoming.items.some((o) => o.changed)).toBe(true);
      // Past meetings are the runs of the last 30 days she hosted or attended. The history picks
      // meetings and participants at random, day by day, so only her own meetings are sure to be
      // there (on 2026-11-28 she attended no run of Zoë's Daily stand-up in the window).
      expect((await pastOccurrences(scope, { limit: 100 })).items.map((o) => o.topic)).toEqual(expect.arrayContaining(['Quarterly review', 'Weekly team sync']));
      expect((await openMeetings(scope, {})).items.map((o) => o.topic)).toEqual(['Design office hours']);
      expect(await readPersonalMeeting(scope)).toMatchObject({ meetingId: '4155550100' });
      expect(await seedDatabase(database, { adminEmail: 'x@y.z', adminPassword: null, demo: true, demoPassword: null })).toBeNull();
    } finally {
      await database.close();
      await drop();
    }
    // The demo writes 90 days of meeting history: 7 s on a quiet machine, and CI's run took 33 s
    // while the other packages' tests loaded both cores.
  }, 120_000);

  it('creates only the platform with PORTAL_DEMO=false, and the chosen admin password signs in', async () => {
    const { database, config, drop } = await createTestDatabase();
    try {
      const report = await seedDatabase(database, { adminEmail: 'root@portal.localhost', adminPassword: testPassword, demo: false, demoPassword: null });
      expect(report).toMatchObject({ generatedAdminPassword: null, demo: null });
      const all = await database.withPlatform((tx) => tx.select({ sname: tenants.sname }).from(tenants));
      expect(all).toEqual([{ sname: 'system' }]);
      const { buildApp } = await import('../src/app/app.ts');
      const app = await buildApp({ config, database });
      const response = await app.inject({ method: 'POST', url: '/api/v1/auth/login', headers: { host: 'localhost' }, payload: { email: 'root@portal.localhost', password: testPassword } });
      expect(response.statusCode).toBe(200);
      await app.close();
    } finally {
      await database.close();
      await drop();
    }
  });
});

describe('the PGlite data directory lock', () => {
  it('makes a second server on the same directory fail fast, naming the running one', async ({ skip }) => {
    if (server.kind !== 'pglite') skip();
    const started = Date.now();
    const main = fileURLToPath(new URL('../src/app/main.ts', import.meta.url));
    const child = spawn(process.execPath, ['--conditions=@portal/source', main], {
      env: { ...process.env, DATA_DIR: server.config.dataDir, DATABASE_URL: '', PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(output).toContain(`in use by another portal server (pid ${process.pid})`);
    // It does not wait for the running server to let go (that would be for ever): the bound only
    // catches a wait, since starting Node and loading the server takes up to ~12 s on a loaded CI machine.
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it('stops cleanly on SIGTERM: exit 0, the lock released, and what it wrote is there at the next start', async ({ skip }) => {
    if (server.kind !== 'pglite') skip();
    const dir = mkdtempSync(join(tmpdir(), 'portal-sigterm-'));
    const password = 'Sigterm-Passw0rd';
    const start = () => startMain({ DATA_DIR: dir, DATABASE_URL: '', PORT: '0', PORTAL_DEMO: 'false', PORTAL_SIMULATOR: 'false', PORTAL_ADMIN_EMAIL: 'root@portal.localhost', PORTAL_ADMIN_PASSWORD: password });
    try {
      const first = await start();
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      expect(existsSync(join(dir, 'portal.lock'))).toBe(false);
      // The administrator seeded by the first run signs in on the second: the data survived the shutdown.
      const second = await start();
      try {
        const response = await fetch(`http://127.0.0.1:${second.port}/api/v1/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'root@portal.localhost', password }),
        });
        expect(response.status).toBe(200);
      } finally {
        second.child.kill('SIGTERM');
        expect(await second.exited).toBe(0);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // Two starts of the real server, each migrating or opening its database: 17 s in a full run of
    // the suite, and CI timed out at 60 s while other suites loaded both cores.
  }, 150_000);

  it('takes over a lock left by a process that no longer runs, and refuses a live one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-lock-'));
    try {
      writeFileSync(join(dir, 'portal.lock'), '999999999\n');
      const lock = lockDataDir(dir);
      expect(readFileSync(lock.path, 'utf8').trim()).toBe(String(process.pid));
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      lock.release();
      expect(existsSync(lock.path)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('replicas starting together on one PostgreSQL', () => {
  it('migrate and seed once: both start, every migration is recorded once, one platform tenant', async ({ skip }) => {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) skip();
    const { default: postgres } = await import('postgres');
    const admin = postgres(serverUrl ?? '', { max: 1, onnotice: () => {} });
    const name = `portal_replicas_${Date.now().toString(36)}`;
    await admin.unsafe(`create database ${name}`);
    const url = new URL(serverUrl ?? '');
    url.pathname = `/${name}`;
    const env = { DATABASE_URL: url.toString(), PORT: '0', PORTAL_DEMO: 'false', PORTAL_SIMULATOR: 'false', JANUS_LOCAL: 'false', PORTAL_ADMIN_PASSWORD: 'Replica-Passw0rd', PORTAL_SECRET_KEY: Buffer.alloc(32, 7).toString('base64') };
    const replicas = await Promise.allSettled([startMain(env), startMain(env)]);
    try {
      // Without the startup lock, the second replica's migration or seed collides with the first's.
      expect(replicas.map((replica) => replica.status)).toEqual(['fulfilled', 'fulfilled']);
      const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
      const database = postgres(url.toString(), { max: 1, onnotice: () => {} });
      try {
        const [applied] = await database.unsafe('select count(*)::int as n from drizzle.__drizzle_migrations');
        expect(applied?.n).toBe(journal.entries.length);
        expect(await database.unsafe('select sname from tenants')).toEqual([{ sname: 'system' }]);
      } finally {
        await database.end();
      }
    } finally {
      for (const replica of replicas) if (replica.status === 'fulfilled') replica.value.child.kill('SIGTERM');
      await Promise.all(replicas.flatMap((replica) => (replica.status === 'fulfilled' ? [replica.value.exited] : [])));
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }, 150_000);
});

/** Starts the real server entry point and resolves once it prints its address. */
function startMain(env: Record<string, string>): Promise<{ child: ChildProcess; port: number; exited: Promise<number | null> }> {
  const main = fileURLToPath(new URL('../src/app/main.ts', import.meta.url));
  const child = spawn(process.execPath, ['--conditions=@portal/source', main], { env: { ...process.env, LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /http:\/\/localhost:(\d+)\/portal\//.exec(output);
      if (match) resolve({ child, port: Number(match[1]), exited });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => reject(new Error(`the server exited (${code}) before it listened:\n${output}`)));
  });
}
