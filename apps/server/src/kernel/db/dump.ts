// The database half of a backup (app/backup.ts has the rest): a dump of the database the config
// names, and its load into an empty one. PostgreSQL: `pg_dump --format=custom` and `pg_restore`
// of the server's own major (or later), so the server may go on serving meanwhile. PGlite: its
// `dumpDataDir`, a tarball of the whole data directory, taken under the data-directory lock, so
// only while no server runs on it (PGlite admits one process; the documented stop of the README).
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import postgres from 'postgres';
import type { ServerConfig } from '../config.ts';
import { createPglite, type DatabaseKind } from './database.ts';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';

/** A backup or restore that cannot go on, with the message an operator acts on. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

export type DumpConfig = Pick<ServerConfig, 'databaseUrl' | 'dataDir'>;

/** The dump's file name in a backup, by database kind. */
export const dumpFileName: Record<DatabaseKind, string> = { postgres: 'database.pgdump', pglite: 'database.tar.gz' };

/** Drizzle's record of the migrations applied (drizzle-orm's default table). */
const migrationCount = 'select count(*)::int as n from drizzle.__drizzle_migrations';

const run = promisify(execFile);

/**
 * Writes the database's dump to `file`; answers the number of migrations its schema has. `after`
 * runs once the dump is written, PGlite's still under the lock: what it copies (the files) is of
 * the same moment. On PostgreSQL the server goes on writing: a file is stored before the row
 * naming it (recordings, uploads), so every row of the dump finds its file copied after it.
 */
export async function dumpDatabase(config: DumpConfig, file: string, after: () => Promise<void>): Promise<{ kind: DatabaseKind; migrations: number }> {
  if (config.databaseUrl) {
    const server = await serverFacts(config.databaseUrl);
    await runTool('pg_dump', server.major, ['--format=custom', `--file=${file}`], config.databaseUrl);
    await after();
    return { kind: 'postgres', migrations: server.migrations };
  }
  if (!existsSync(join(config.dataDir, 'pglite', 'PG_VERSION'))) throw new BackupError(`DATA_DIR (${config.dataDir}) holds no database to back up.`);
  return withPglite(config.dataDir, 'back up', async (client) => {
    const migrations = (await client.query<{ n: number }>(migrationCount)).rows[0]?.n ?? 0;
    // Everything written reaches the files before they are copied (PGlite runs without fsync).
    await client.exec('CHECKPOINT');
    const tarball = await client.dumpDataDir('gzip');
    await writeFile(file, Buffer.from(await tarball.arrayBuffer()));
    await after();
    return { kind: 'pglite' as const, migrations };
  });
}

/**
 * Loads a dump into the config's database, which must be empty (a PostgreSQL database without
 * tables; a data directory without a database); refuses otherwise, never overwriting.
 */
export async function loadDatabase(config: DumpConfig, kind: DatabaseKind, file: string): Promise<void> {
  if (kind !== (config.databaseUrl ? 'postgres' : 'pglite')) {
    throw new BackupError(
      kind === 'pglite'
        ? 'This backup is of the embedded database (PGlite): restore it without DATABASE_URL. Loading a PGlite backup into PostgreSQL is not supported.'
        : 'This backup is of a PostgreSQL database: set DATABASE_URL to an empty database to restore it into.',
    );
  }
  if (config.databaseUrl) return restorePostgres(config.databaseUrl, file);
  if (existsSync(join(config.dataDir, 'pglite'))) throw new BackupError(`${join(config.dataDir, 'pglite')} already holds a database: restore into a new, empty DATA_DIR.`);
  const tarball = new Blob([await readFile(file)]);
  await withPglite(
    config.dataDir,
    'restore',
    async (client) => {
      await client.query(migrationCount); // the dump opened as a database of this server
      await client.exec('CHECKPOINT');
    },
    tarball,
  );
}

async function withPglite<T>(dataDir: string, action: string, fn: (client: Awaited<ReturnType<typeof createPglite>>) => Promise<T>, tarball?: Blob): Promise<T> {
  let lock;
  try {
    lock = lockDataDir(dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      throw new BackupError(
        `The data directory ${dataDir} is in use by a portal server (pid ${error.pid}), and PGlite admits one process. ` +
          `Stop the server, ${action}, then start it again.`,
      );
    }
    throw error;
  }
  try {
    const client = await createPglite(dataDir, tarball);
    try {
      return await fn(client);
    } finally {
      await client.close();
    }
  } finally {
    lock.release();
  }
}

async function serverFacts(databaseUrl: string): Promise<{ major: number; migrations: number }> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const major = await serverMajor(sql);
    const [applied] = await sql.unsafe<{ n: number }[]>(`select case when to_regclass('drizzle.__drizzle_migrations') is null then 0 else (${migrationCount}) end as n`);
    return { major, migrations: applied?.n ?? 0 };
  } finally {
    await sql.end({ timeout: 5 });
  }
}

async function serverMajor(sql: postgres.Sql): Promise<number> {
  const [version] = await sql.unsafe<{ n: number }[]>(`select current_setting('server_version_num')::int as n`);
  return Math.floor((version?.n ?? 0) / 10_000);
}

async function restorePostgres(databaseUrl: string, file: string): Promise<void> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  let major: number;
  try {
    const [relations] = await sql.unsafe<{ n: number }[]>(
      `select count(*)::int as n from pg_class c join pg_namespace s on s.oid = c.relnamespace
        where s.nspname not in ('pg_catalog', 'information_schema') and s.nspname not like 'pg\\_toast%' and s.nspname not like 'pg\\_temp%'`,
    );
    if ((relations?.n ?? 0) > 0) throw new BackupError('The database DATABASE_URL names is not empty (it has tables): restore into a new, empty database.');
    major = await serverMajor(sql);
    // Roles belong to the cluster, not to a dump: the grants of the dump need the role that
    // row-level security runs requests as, made as drizzle/0001_row_level_security.sql makes it.
    await sql.unsafe(`DO $$ BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'portal_app') THEN CREATE ROLE portal_app NOLOGIN NOBYPASSRLS; END IF;
      IF NOT pg_has_role(current_user, 'portal_app', 'MEMBER') THEN EXECUTE format('GRANT portal_app TO %I', current_user); END IF;
    END $$`);
  } finally {
    await sql.end({ timeout: 5 });
  }
  // The tables belong to whoever restores (the server's role), not to the role that owned them where the dump was taken.
  await runTool('pg_restore', major, ['--no-owner', '--single-transaction', '--exit-on-error', file], databaseUrl);
}

/**
 * Runs pg_dump or pg_restore against the database. The password goes in PGPASSWORD, not on the
 * command line other users' `ps` shows.
 */
async function runTool(name: 'pg_dump' | 'pg_restore', serverMajor: number, args: string[], databaseUrl: string): Promise<void> {
  const binary = await findTool(name, serverMajor);
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const env = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) };
  try {
    await run(binary, [`--dbname=${url.toString()}`, ...args], { env, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new BackupError(`${name} failed: ${stderr || (error as Error).message}`);
  }
}

/**
 * The tool of the server's major (pg_dump refuses a newer server; a later one reads an older
 * server): Debian's /usr/lib/postgresql/<major>/bin first, else the one on PATH if new enough.
 */
async function findTool(name: string, serverMajor: number): Promise<string> {
  const base = '/usr/lib/postgresql';
  const installed = existsSync(base)
    ? readdirSync(base)
        .map(Number)
        .filter((major) => major >= serverMajor && existsSync(join(base, String(major), 'bin', name)))
        .sort((a, b) => a - b)
    : [];
  if (installed[0] !== undefined) return join(base, String(installed[0]), 'bin', name);
  const onPath = (process.env.PATH ?? '').split(':').find((dir) => dir && existsSync(join(dir, name)));
  if (onPath) {
    const { stdout } = await run(join(onPath, name), ['--version']).catch(() => ({ stdout: '' }));
    const major = Number(/\) (\d+)/.exec(stdout)?.[1]);
    if (major >= serverMajor) return join(onPath, name);
  }
  throw new BackupError(`${name} of PostgreSQL ${serverMajor} (or later) was not found: install the PostgreSQL ${serverMajor} client tools (Debian: postgresql-client-${serverMajor}).`);
}
