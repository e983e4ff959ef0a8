// `node tooling/scripts/release-fixture.mjs [version]`: the data fixture of a release
// (apps/server/test/fixtures/releases/<version>.sql, default: the last release of
// apps/server/releases.json), run at release time from the release's own tree. The server of this
// tree starts once on a throwaway PostgreSQL, as an operator's first start does (migrations, the demo
// seed with the fixture's known passwords), stops, and the data is dumped: `pg_dump --data-only`
// as INSERTs naming their columns, without Drizzle's own record of the migrations (the upgrade test
// builds the release's schema itself, test/upgrade.test.ts). The files the seed wrote under DATA_DIR
// (recordings) and its secret key are not kept: the fixture is the database only.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPostgres } from './postgres.mjs';
import { freePort, root, startPortalServer, stopServer, waitForHttp } from './lib.mjs';
import { postgresBinDir } from './system-packages.mjs';

/** A fixture is read by every upgrade test run and kept in git: it stays well under this. */
const maxBytes = 1024 * 1024;

const { fixture, releases } = JSON.parse(readFileSync(join(root, 'apps', 'server', 'releases.json'), 'utf8'));
const version = process.argv[2] ?? releases.at(-1).version;
if (!releases.some((release) => release.version === version)) {
  console.error(`${version} is not a release of apps/server/releases.json: add its entry first.`);
  process.exit(2);
}

const pg = await startPostgres();
const dataDir = mkdtempSync(join(tmpdir(), 'portal-release-fixture-'));
try {
  const port = await freePort();
  const server = startPortalServer({
    port,
    dataDir,
    env: {
      DATABASE_URL: pg.url,
      PORTAL_ADMIN_PASSWORD: fixture.password,
      PORTAL_DEMO_PASSWORD: fixture.password,
      // A small seed (3 days of history: the fixture stays small), and nothing after it: no simulated traffic, no media server.
      PORTAL_DEMO_DAYS: '3',
      PORTAL_SIMULATOR: 'false',
      JANUS_LOCAL: 'false',
    },
  });
  try {
    // /health answers 200 once the migrations and the seed are done (503 while migrating).
    await waitForHttp(`http://127.0.0.1:${port}/api/v1/health`, 300_000);
  } finally {
    await stopServer(server);
  }

  const dump = spawnSync(
    join(postgresBinDir(), 'pg_dump'),
    [`--dbname=${pg.url}`, '--data-only', '--column-inserts', '--rows-per-insert=100', '--exclude-schema=drizzle', '--no-owner', '--no-privileges'],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (dump.status !== 0) throw new Error(`pg_dump failed: ${dump.stderr}`);
  // `\restrict` and `\unrestrict` are psql's commands (pg_dump 17.6 and later write them), not SQL.
  const text = dump.stdout
    .split('\n')
    .filter((line) => !line.startsWith('\\'))
    .join('\n');
  const file = join(root, 'apps', 'server', 'test', 'fixtures', 'releases', `${version}.sql`);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, `-- Data of release ${version}'s demo seed (tooling/scripts/release-fixture.mjs); passwords: apps/server/releases.json.\n${text}`);
  const bytes = statSync(file).size;
  console.log(`${file}: ${(bytes / 1024).toFixed(0)} KB`);
  if (bytes > maxBytes) throw new Error(`The fixture is ${bytes} bytes, over ${maxBytes}: make the seed it dumps smaller.`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  pg.stop();
}
