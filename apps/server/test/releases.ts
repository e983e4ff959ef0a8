// The releases of apps/server/releases.json as the upgrade tests use them: the previous release,
// the migrations it had (a copy of drizzle/ with the journal cut at its last migration), and its
// data fixture (test/fixtures/releases/<version>.sql, made by tooling/scripts/release-fixture.mjs)
// loaded into a database at that release's schema.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import type { ServerConfig } from '../src/kernel/config.ts';
import { createPglite, migrationsFolder, type AppDatabase } from '../src/kernel/db/database.ts';
import { lockDataDir } from '../src/kernel/db/data-dir-lock.ts';
import { createTestDatabase } from './harness.ts';

export type Release = { version: string; commit: string; lastMigration: string };
type ReleasesFile = { fixture: { password: string; tenant: string; email: string }; releases: Release[] };

const releasesFile = JSON.parse(readFileSync(fileURLToPath(new URL('../releases.json', import.meta.url)), 'utf8')) as ReleasesFile;

export const releases: readonly Release[] = releasesFile.releases;
/** Who signs in to a fixture's database: every demo user and the platform administrator share its password. */
export const fixtureUser = releasesFile.fixture;

/** The last release cut: the one replicas run while this tree's server is rolled out. */
export function previousRelease(): Release {
  const release = releases.at(-1);
  if (!release) throw new Error('apps/server/releases.json lists no release');
  return release;
}

export type JournalEntry = { idx: number; tag: string; when: number };

export function journalEntries(): JournalEntry[] {
  return (JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] }).entries;
}

/** Where `tag` is in the journal; throws for a migration the journal does not have. */
export function journalIndex(tag: string): number {
  const index = journalEntries().findIndex((entry) => entry.tag === tag);
  if (index < 0) throw new Error(`No migration ${tag} in drizzle/meta/_journal.json`);
  return index;
}

/** A copy of the migrations folder whose journal keeps only its first `count` migrations (`database.migrate(folder)` stops there). */
export function migrationsCut(count: number): string {
  const folder = mkdtempSync(join(tmpdir(), 'portal-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: JournalEntry[] };
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, count) }));
  return folder;
}

/** The migrations `release` shipped. */
export const releaseMigrations = (release: Release) => migrationsCut(journalIndex(release.lastMigration) + 1);

export function fixtureSql(version: string): string {
  return readFileSync(fileURLToPath(new URL(`./fixtures/releases/${version}.sql`, import.meta.url)), 'utf8');
}

/**
 * Loads the release's data into a database at its schema, closed by every server: what the
 * migrations wrote (built-in roles, catalogue rows) is replaced by the fixture's own rows, so the
 * tables hold exactly what the release's server had. As the owner, with the foreign keys' and other
 * triggers off while the rows go in (`session_replication_role`), as `pg_restore --disable-triggers` would.
 */
export async function loadReleaseFixture(config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>, version: string): Promise<void> {
  const data = fixtureSql(version);
  const truncate = `do $$ begin
    execute (select 'truncate ' || string_agg(format('%I.%I', schemaname, tablename), ', ') || ' restart identity cascade' from pg_tables where schemaname = 'public');
  end $$`;
  const script = `begin; set session_replication_role = replica; ${truncate}; ${data}; commit;`;
  if (config.databaseUrl) {
    const sql = postgres(config.databaseUrl, { max: 1, onnotice: () => {} });
    try {
      await sql.unsafe(script);
    } finally {
      await sql.end({ timeout: 5 });
    }
    return;
  }
  const lock = lockDataDir(config.dataDir);
  try {
    const client = await createPglite(config.dataDir);
    try {
      await client.exec(script);
      await client.exec('CHECKPOINT');
    } finally {
      await client.close();
    }
  } finally {
    lock.release();
  }
}

/**
 * A new database (PGlite, or one on TEST_DATABASE_URL) as the release's server left it: its
 * migrations and its fixture's data; closed, for a server to open. `drop` when done.
 */
export async function releaseDatabase(release: Release): Promise<{ config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>; drop: () => Promise<void> }> {
  const folder = releaseMigrations(release);
  try {
    const { database, config, drop } = await createTestDatabase({}, folder);
    await database.close();
    try {
      await loadReleaseFixture(config, release.version);
    } catch (error) {
      await drop();
      throw error;
    }
    return { config: { databaseUrl: config.databaseUrl, dataDir: config.dataDir }, drop };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Rows of `table` that belong to the fixture's tenant, as the database holds them. */
export async function fixtureTenantRows(database: AppDatabase, table: 'users' | 'meetings' | 'recordings' | 'invoices'): Promise<number> {
  const result = await database.withPlatform((tx) => tx.execute(sql.raw(`select count(*)::int as n from ${table} where tenant_id = (select id from tenants where sname = '${fixtureUser.tenant}')`)));
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { n: number }[];
  return rows[0]?.n ?? 0;
}
