// `main.ts --backup <dir>` / `--restore <dir>` (root `npm run backup -- <dir>`, `npm run restore -- <dir>`):
// everything a server needs to come back elsewhere, in one directory:
//   manifest.json                  what the backup holds (written last: a backup without one is unfinished)
//   database.pgdump | .tar.gz      the database (kernel/db/dump.ts: pg_dump, or PGlite's own dump)
//   files/                         DATA_DIR/files: uploaded files, logos, recordings (kernel/files);
//                                  absent when S3_BUCKET keeps them (the bucket's own tools back it up)
//   secret.key                     DATA_DIR/secret.key, which seals stored secrets; absent when
//                                  PORTAL_SECRET_KEY is set (the operator keeps that key)
// A directory, not one archive file: the dump and the files are copied as they are (no archiver
// in the server, no second copy of every recording while packing), and the operator's own tools
// (tar, rsync, restic) take it from there. Restore goes into an empty DATA_DIR and, on PostgreSQL,
// an empty database, and refuses anything else: it never overwrites.
// Not in a backup: unfinished uploads (DATA_DIR/uploads, RECORDING_UPLOADS_DIR) and raw recordings
// still waiting for their conversion (DATA_DIR/recordings-raw): let running conversions finish first.
import { chmod, copyFile, cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ServerConfig } from '../kernel/config.ts';
import { migrationsFolder } from '../kernel/db/database.ts';
import { BackupError, dumpDatabase, dumpFileName, loadDatabase } from '../kernel/db/dump.ts';
import type { DatabaseKind } from '../kernel/db/database.ts';

export const BACKUP_FORMAT = 1;

export type BackupManifest = {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  portal: { version: string; build: string };
  database: { kind: DatabaseKind; file: string; migrations: number };
  /** `included`: files/ holds DATA_DIR/files; `s3`: they are in that bucket, not in the backup. */
  files: { where: 'included' } | { where: 's3'; bucket: string; prefix: string; endpoint: string | null };
  /** `included`: secret.key; `PORTAL_SECRET_KEY`: the key was set in the environment and is not here; `none`: no secret was ever sealed. */
  secretKey: 'included' | 'PORTAL_SECRET_KEY' | 'none';
};

type BackupConfig = Pick<ServerConfig, 'databaseUrl' | 'dataDir' | 's3' | 'secretKey' | 'version' | 'build'>;

const MANIFEST = 'manifest.json';

/** The key opens every sealed secret: readable by its owner only, wherever it is copied. */
async function copyKey(from: string, to: string): Promise<void> {
  await copyFile(from, to);
  await chmod(to, 0o600);
}

async function isEmptyDir(path: string): Promise<boolean> {
  if (!existsSync(path)) return true;
  return (await readdir(path)).length === 0;
}

/** Writes a backup of the config's server into `target`, a directory that must not exist yet or be empty; answers what was written. */
export async function backup(config: BackupConfig, target: string): Promise<BackupManifest> {
  if (!(await isEmptyDir(target))) throw new BackupError(`${target} is not empty: back up into a new directory.`);
  await mkdir(target, { recursive: true });
  try {
    return await writeBackup(config, target);
  } catch (error) {
    // Half a backup must not pass for one; the directory was empty before.
    await rm(target, { recursive: true, force: true });
    throw error;
  }
}

async function writeBackup(config: BackupConfig, target: string): Promise<BackupManifest> {
  const kind: DatabaseKind = config.databaseUrl ? 'postgres' : 'pglite';
  const filesDir = join(config.dataDir, 'files');
  const keyFile = join(config.dataDir, 'secret.key');
  const database = await dumpDatabase(config, join(target, dumpFileName[kind]), async () => {
    if (!config.s3 && existsSync(filesDir)) await cp(filesDir, join(target, 'files'), { recursive: true, preserveTimestamps: true });
    if (!config.secretKey && existsSync(keyFile)) await copyKey(keyFile, join(target, 'secret.key'));
  });
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    createdAt: new Date().toISOString(),
    portal: { version: config.version, build: config.build },
    database: { ...database, file: dumpFileName[kind] },
    files: config.s3 ? { where: 's3', bucket: config.s3.bucket, prefix: config.s3.prefix, endpoint: config.s3.endpoint } : { where: 'included' },
    secretKey: config.secretKey ? 'PORTAL_SECRET_KEY' : existsSync(keyFile) ? 'included' : 'none',
  };
  await writeFile(join(target, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

async function readManifest(source: string): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(join(source, MANIFEST), 'utf8')) as BackupManifest;
  } catch {
    throw new BackupError(`${source} holds no readable ${MANIFEST}: it is not a portal backup, or the backup did not finish.`);
  }
  if (manifest.format !== BACKUP_FORMAT) throw new BackupError(`${source} is a backup of format ${String(manifest.format)}; this server reads format ${BACKUP_FORMAT}.`);
  return manifest;
}

/** The migrations this release has: a backup whose schema has more is of a later release. */
async function releaseMigrations(): Promise<number> {
  const journal = JSON.parse(await readFile(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}

/**
 * Restores the backup in `source` into the config's empty DATA_DIR (and empty PostgreSQL database);
 * answers the manifest and what the operator must still do (a key to set, a bucket to restore).
 */
export async function restore(config: BackupConfig, source: string): Promise<{ manifest: BackupManifest; notes: string[] }> {
  const manifest = await readManifest(source);
  if (manifest.database.migrations > (await releaseMigrations())) {
    throw new BackupError(`This backup is of portal ${manifest.portal.version}, whose schema is newer than this release's: restore it with that release or a later one.`);
  }
  if (!(await isEmptyDir(config.dataDir))) throw new BackupError(`DATA_DIR (${config.dataDir}) is not empty: restore into a new, empty directory.`);
  await loadDatabase(config, manifest.database.kind, join(source, manifest.database.file));
  const notes: string[] = [];
  if (manifest.files.where === 'included') {
    if (existsSync(join(source, 'files'))) await cp(join(source, 'files'), join(config.dataDir, 'files'), { recursive: true, preserveTimestamps: true });
    if (config.s3) notes.push(`The backup's files were restored to ${join(config.dataDir, 'files')}, but S3_BUCKET is set: copy them into the bucket, or unset S3_BUCKET.`);
  } else {
    notes.push(`Uploaded files and recordings are in the S3 bucket ${manifest.files.bucket} (prefix "${manifest.files.prefix}"), not in this backup: restore the bucket with its own tools and set S3_BUCKET.`);
  }
  if (manifest.secretKey === 'included') {
    await copyKey(join(source, 'secret.key'), join(config.dataDir, 'secret.key'));
    if (config.secretKey) notes.push('PORTAL_SECRET_KEY is set and is used instead of the restored secret.key: unless it is the same key, sealed secrets (SMTP passwords, identity-provider secrets, two-factor seeds) will not open.');
  } else if (manifest.secretKey === 'PORTAL_SECRET_KEY') {
    notes.push('The backed-up server took its key from PORTAL_SECRET_KEY, which a backup does not hold: start the server with that same PORTAL_SECRET_KEY, or sealed secrets will not open.');
  }
  return { manifest, notes };
}

/** `--backup <dir>` or `--restore <dir>` among the process's arguments; null when neither. */
function backupCommandOf(argv: string[]): { command: 'backup' | 'restore'; path: string } | null {
  for (const command of ['backup', 'restore'] as const) {
    const at = argv.indexOf(`--${command}`);
    if (at === -1) continue;
    const path = argv[at + 1];
    if (!path || path.startsWith('--')) throw new BackupError(`--${command} needs a directory: --${command} <dir>`);
    return { command, path: resolve(path) };
  }
  return null;
}

/**
 * Runs `--backup <dir>` or `--restore <dir>` when `argv` has one (answers false when it has
 * neither) and prints its outcome; a refusal prints its reason and sets exit status 1.
 */
export async function runBackupCommand(config: BackupConfig, argv: string[]): Promise<boolean> {
  try {
    const chosen = backupCommandOf(argv);
    if (!chosen) return false;
    const { command, path } = chosen;
    if (command === 'backup') {
      const manifest = await backup(config, path);
      console.log(`Backup written to ${path}: ${describe(manifest)}.`);
      if (manifest.secretKey === 'PORTAL_SECRET_KEY') console.log('The secret key is PORTAL_SECRET_KEY and is not in the backup: keep it with the backup, apart from it.');
      if (manifest.files.where === 's3') console.log(`Uploaded files and recordings stay in the S3 bucket ${manifest.files.bucket}: back it up with the bucket's own tools.`);
      return true;
    }
    const { manifest, notes } = await restore(config, path);
    console.log(`Restored ${path} (${describe(manifest)}) into ${config.databaseUrl ? 'DATABASE_URL and ' : ''}${config.dataDir}.`);
    for (const note of notes) console.log(`! ${note}`);
    console.log('Start the server: it applies the migrations this release adds.');
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    console.error(`✖ ${error.message}`);
    process.exitCode = 1;
  }
  return true;
}

const describe = (manifest: BackupManifest) =>
  `portal ${manifest.portal.version}, ${manifest.database.kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'} database at migration ${manifest.database.migrations}, ` +
  `files ${manifest.files.where === 'included' ? 'included' : `in S3 bucket ${manifest.files.bucket}`}, secret key ${manifest.secretKey === 'included' ? 'included' : manifest.secretKey === 'none' ? 'none yet' : 'from PORTAL_SECRET_KEY (not included)'}`;
