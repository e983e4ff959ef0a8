// The previous release's server on this tree's schema (issue 29 §2, the expand/contract rule of
// CONTRIBUTING.md): during a rolling upgrade, replicas of the previous release go on serving after
// the first replica of this one migrated. Its sources (`git archive` of the commit releases.json
// names) run in their own process, as `pnpm start` runs them, on this tree's dependencies, against
// the release's data fixture migrated to this tree's last migration; over HTTP its administrator
// signs in, lists users, schedules a meeting and finds it listed, and it stops cleanly.
// Without that commit in the clone (a shallow one) the test says so and is skipped.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/kernel/db/database.ts';
import { cookiesFrom, send } from './harness.ts';
import { meetingBody } from './meetings-fixtures.ts';
import { fixtureTenantRows, fixtureUser, previousRelease, releaseDatabase } from './releases.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const release = previousRelease();
/** What the release's server reads from its tree: its sources, the contract's package and the contract itself. */
const releasePaths = ['package.json', 'apps/server', 'packages/contract', 'openapi'];
/** The workspace folders whose node_modules the extracted tree gets (root, the server, the packages it imports). */
const withDependencies = ['.', 'apps/server', 'packages/contract'];

const git = (...args: string[]) => spawnSync('git', ['-C', repoRoot, ...args], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
const hasCommit = git('cat-file', '-e', `${release.commit}^{commit}`).status === 0;
if (!hasCommit) {
  console.warn(
    `previous-release.test.ts skipped: commit ${release.commit} of release ${release.version} is not in this clone ` +
      `(a shallow clone?). \`git fetch --unshallow\` (or a full clone) runs it.`,
  );
}

/** The release's tree, extracted from git into `dir`. */
function extractRelease(dir: string): void {
  const tarball = join(dir, 'release.tar');
  const archive = git('archive', '--format=tar', '-o', tarball, release.commit, ...releasePaths);
  if (archive.status !== 0) throw new Error(`git archive failed: ${archive.stderr}`);
  const untar = spawnSync('tar', ['-xf', tarball, '-C', dir], { encoding: 'utf8' });
  if (untar.status !== 0) throw new Error(`tar failed: ${untar.stderr}`);
  rmSync(tarball);
}

/**
 * node_modules for the extracted tree: every dependency is this tree's installed one (a link), and
 * every workspace package (@portal/*) is the release's own copy when it was extracted. Node follows
 * the links to where pnpm installed the packages, so their own dependencies resolve as here.
 */
function linkDependencies(tree: string): void {
  for (const folder of withDependencies) {
    const installed = join(repoRoot, folder, 'node_modules');
    if (!existsSync(installed)) continue;
    const target = join(tree, folder, 'node_modules');
    mkdirSync(join(target, '@portal'), { recursive: true });
    for (const entry of readdirSync(installed)) {
      if (entry !== '@portal') {
        symlinkSync(join(installed, entry), join(target, entry));
        continue;
      }
      for (const name of readdirSync(join(installed, '@portal'))) {
        const here = realpathSync(join(installed, '@portal', name));
        const own = join(tree, relative(repoRoot, here));
        symlinkSync(existsSync(own) ? own : here, join(target, '@portal', name));
      }
    }
  }
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

let tree: string;
let port: number;
let child: ChildProcess | undefined;
let output = '';
let dropDatabase = async () => {};
let fixtureUsers = 0;
const timings: Record<string, number> = {};

async function timed<T>(name: string, fn: () => Promise<T> | T): Promise<T> {
  const started = Date.now();
  try {
    return await fn();
  } finally {
    timings[name] = Date.now() - started;
  }
}

/** A request to the release's server for the fixture's tenant. */
async function call(method: string, path: string, options: { body?: unknown; session?: { cookie: string; csrfToken: string } } = {}) {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = { host: `${fixtureUser.tenant}.portal.test:${port}` };
  if (payload !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) });
  if (options.session) Object.assign(headers, { cookie: options.session.cookie }, method === 'GET' ? {} : { 'x-csrf-token': options.session.csrfToken });
  const response = await send(port, method, `/api/v1${path}`, headers, payload);
  return { ...response, body: response.text && response.headers['content-type']?.includes('json') ? JSON.parse(response.text) : response.text };
}

async function waitUntilServing(deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    if (child?.exitCode !== null) throw new Error(`The release's server exited (${child?.exitCode}):\n${output}`);
    const health = await send(port, 'GET', '/api/v1/health', { host: `127.0.0.1:${port}` }, undefined).catch(() => null);
    if (health?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The release's server did not serve within the time allowed:\n${output}`);
}

describe.skipIf(!hasCommit)(`release ${release.version}'s server on this tree's schema`, () => {
  beforeAll(async () => {
    tree = mkdtempSync(join(tmpdir(), `portal-release-${release.version}-`));
    await timed('extract', () => {
      extractRelease(tree);
      linkDependencies(tree);
    });
    const lockfile = git('show', `${release.commit}:pnpm-lock.yaml`).stdout;
    if (lockfile !== readFileSync(join(repoRoot, 'pnpm-lock.yaml'), 'utf8')) {
      console.warn(`Release ${release.version}'s dependencies (pnpm-lock.yaml) differ from this tree's: its server runs on this tree's, so a failure below may be a dependency's change, not the schema's.`);
    }

    const { config, drop } = await timed('database', () => releaseDatabase(release));
    dropDatabase = drop;
    // This tree's migrations, as its first replica runs them before the release's replicas are replaced.
    const database = await openDatabase(config);
    try {
      await timed('migrate', () => database.migrate());
      fixtureUsers = await fixtureTenantRows(database, 'users');
    } finally {
      await database.close();
    }

    port = await freePort();
    await timed('start', async () => {
      child = spawn(process.execPath, ['--conditions=@portal/source', join(tree, 'apps', 'server', 'src', 'app', 'main.ts')], {
        cwd: join(tree, 'apps', 'server'),
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: config.dataDir,
          DATABASE_URL: config.databaseUrl ?? '',
          PORTAL_SIMULATOR: 'false',
          JANUS_LOCAL: 'false',
          PORTAL_SECRET_KEY: '',
          S3_BUCKET: '',
          PUBLIC_URL: '',
          PORTAL_DIST: join(tree, 'no-portal-dist'),
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      await waitUntilServing(Date.now() + 90_000);
    });
  }, 180_000);

  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await dropDatabase();
    if (tree) rmSync(tree, { recursive: true, force: true });
    console.log(`previous release's server: ${Object.entries(timings).map(([step, ms]) => `${step} ${(ms / 1000).toFixed(1)} s`).join(', ')}`);
  });

  it('serves the main reads and writes, and stops cleanly', async () => {
    await timed('requests', async () => {
      const login = await call('POST', '/auth/login', { body: { email: fixtureUser.email, password: fixtureUser.password } });
      expect(login.status, login.text).toBe(200);
      const cookies = cookiesFrom(login.headers);
      const session = { cookie: `portal_session=${cookies.portal_session}; portal_csrf=${cookies.portal_csrf}`, csrfToken: cookies.portal_csrf ?? '' };

      const users = await call('GET', '/users?limit=100', { session });
      expect(users.status, users.text).toBe(200);
      expect(users.body.items.length).toBe(fixtureUsers);

      const created = await call('POST', '/meetings', { session, body: meetingBody({ topic: 'Scheduled by the previous release' }) });
      expect(created.status, created.text).toBe(201);
      const meetings = await call('GET', '/meeting-schedules', { session });
      expect(meetings.status, meetings.text).toBe(200);
      expect(meetings.body.items.map((meeting: { id: string }) => meeting.id)).toContain(created.body.id);
    });

    const running = child!;
    const exited = new Promise<number | null>((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    expect(await exited, output).toBe(0);
  }, 60_000);
});
