// `pnpm image:proof` (as root; Debian's podman, buildah and debootstrap): the portal's image built
// and its filesystem serving the portal, on a machine that can build images but run no container
// and pull from no registry.
//
// 1. A local base standing in for docker.io/library/node:24-bookworm-slim: a minimal Debian
//    bookworm (debootstrap) with this project's Node 24 as /usr/local/bin/node, imported as
//    localhost/portal-node-base:24 (kept between runs; --rebuild-base makes it again).
// 2. The release folder (tooling/scripts/release.mjs) and the image of deploy/Containerfile on
//    that base, with the release as its `release` stage (--build-context), chroot isolation.
// 3. The image's filesystem exported (podman create + export), and the server started from it the
//    way the image says (its CMD, WORKDIR, USER and ENV) under chroot, in its own PID and mount
//    namespaces, against a throwaway PostgreSQL on 127.0.0.1 (the network is the host's loopback,
//    so the server reaches that PostgreSQL and the script reaches the server).
// 4. Asserted: it migrates (every migration recorded), /api/v1/health answers 200 from PostgreSQL,
//    /portal/ serves the built index.html, the image's HEALTHCHECK command passes, the process runs
//    as the image's user, SIGTERM stops it with exit 0 within a few seconds, and a backup
//    (`--backup`, the image's pg_dump) of that database is written.
// Each step prints its time. The container, the exported filesystem, PostgreSQL and the server go
// at the end; the two images stay as the build cache.
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { freePort, isRoot, root, run, runSync, waitForHttp } from './lib.mjs';
import { startPostgres } from './postgres.mjs';
import { postgresBinDir } from './system-packages.mjs';

const { values: args } = parseArgs({ options: { 'rebuild-base': { type: 'boolean', default: false } } });
const baseImage = 'localhost/portal-node-base:24';
const image = 'localhost/portal:proof';
const work = join(root, '.image');
const baseRootfs = join(work, 'base-rootfs');
const exported = join(work, 'export');
const { version } = JSON.parse(readFileSync(join(root, 'apps', 'server', 'package.json'), 'utf8'));
const release = join(root, 'release', `portal-${version}`);

const times = [];
async function step(name, action) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const result = await action();
  const seconds = (Date.now() - started) / 1000;
  times.push([name, seconds]);
  console.log(`✔ ${name} (${seconds.toFixed(1)} s)`);
  return result;
}

async function must(cmd, argv, options) {
  const status = await run(cmd, argv, options);
  if (status !== 0) throw new Error(`${cmd} ${argv.join(' ')} failed (exit ${status})`);
}

function output(cmd, argv) {
  const result = runSync(cmd, argv);
  if (result.status !== 0) throw new Error(`${cmd} ${argv.join(' ')} failed:\n${result.stderr}`);
  return result.stdout.trim();
}

function check(condition, what) {
  if (!condition) throw new Error(`✖ ${what}`);
  console.log(`  ✓ ${what}`);
}

if (!isRoot()) throw new Error('image-proof runs as root (chroot, namespaces, debootstrap).');
for (const tool of ['podman', 'debootstrap', 'unshare', 'chroot']) {
  if (runSync('sh', ['-c', `command -v ${tool}`]).status !== 0) throw new Error(`${tool} is missing (apt-get install -y podman buildah debootstrap)`);
}

async function buildBase() {
  if (!args['rebuild-base'] && runSync('podman', ['image', 'exists', baseImage]).status === 0) {
    console.log(`  ${baseImage} exists (--rebuild-base makes it again)`);
    return;
  }
  rmSync(baseRootfs, { recursive: true, force: true });
  await must('debootstrap', ['--variant=minbase', 'bookworm', baseRootfs, 'http://deb.debian.org/debian']);
  copyFileSync(process.execPath, join(baseRootfs, 'usr', 'local', 'bin', 'node'));
  // The package lists and archives debootstrap leaves: the image's own apt-get update fetches fresh ones.
  for (const dir of ['var/cache/apt/archives', 'var/lib/apt/lists']) {
    for (const name of readdirSync(join(baseRootfs, dir))) if (name !== 'partial' && name !== 'lock') rmSync(join(baseRootfs, dir, name), { recursive: true, force: true });
  }
  await must('sh', ['-c', `tar -C '${baseRootfs}' -c . | podman import --change 'CMD ["node"]' - ${baseImage}`]);
  rmSync(baseRootfs, { recursive: true, force: true });
}

async function exportImage() {
  rmSync(exported, { recursive: true, force: true });
  mkdirSync(exported, { recursive: true });
  const container = output('podman', ['create', image]);
  try {
    await must('sh', ['-c', `podman export ${container} | tar -x -C '${exported}'`]);
  } finally {
    runSync('podman', ['rm', container]);
  }
  // What a container runtime gives every container: the few devices Node and its children open.
  for (const [name, minor] of [['null', 3], ['zero', 5], ['random', 8], ['urandom', 9]]) {
    const device = join(exported, 'dev', name);
    rmSync(device, { force: true });
    await must('mknod', ['-m', '666', device, 'c', '1', String(minor)]);
  }
}

/** The image's user as uid:gid, from the exported /etc/passwd. */
function userOf(name) {
  const line = readFileSync(join(exported, 'etc', 'passwd'), 'utf8').split('\n').find((entry) => entry.split(':')[0] === name);
  if (!line) throw new Error(`the image's user ${name} is not in its /etc/passwd`);
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/** A command run as the image would run it: chrooted into the export, as its user, in its WORKDIR, with its ENV and ours. */
function inImage(config, argv, env) {
  const user = userOf(config.User);
  const variables = [...config.Env, ...Object.entries(env).map(([name, value]) => `${name}=${value}`)];
  return [
    'unshare',
    ['--pid', '--fork', `--mount-proc=${join(exported, 'proc')}`, 'chroot', `--userspec=${user.uid}:${user.gid}`, exported, '/usr/bin/env', '-i', `--chdir=${config.WorkingDir}`, ...variables, ...argv],
    user,
  ];
}

/** The PID (in this namespace) of what unshare --fork runs: its one child. */
function childOf(pid) {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  return Number(children.split(' ')[0]);
}

let postgres;
let server;
let failed = false;
try {
  await step(`base image ${baseImage}`, buildBase);
  await step('release folder (pnpm release)', () => must(process.execPath, [join(root, 'tooling', 'scripts', 'release.mjs'), '--out', release]));
  const previous = runSync('podman', ['image', 'inspect', '--format', '{{.Id}}', image]).stdout?.trim();
  await step(`image ${image} (podman build)`, () =>
    must('podman', ['build', '--format', 'docker', '--isolation=chroot', '-f', 'deploy/Containerfile', '--build-arg', `BASE_IMAGE=${baseImage}`, '--build-arg', 'PORTAL_BUILD=proof', '--build-context', `release=${release}`, '-t', image, '.']),
  );
  // The previous run's image, untagged now: its release layer alone is some 190 MB.
  if (previous) runSync('podman', ['rmi', previous]);
  const [inspected] = JSON.parse(output('podman', ['image', 'inspect', image]));
  const config = inspected.Config;
  console.log(`  size ${(inspected.Size / 1e6).toFixed(0)} MB, user ${config.User}, workdir ${config.WorkingDir}, cmd ${config.Cmd.join(' ')}`);
  await step('export the image filesystem', exportImage);
  check(['ffmpeg', 'janus-pp-rec', 'pg_dump'].every((program) => existsSync(join(exported, 'usr', 'bin', program))), 'ffmpeg, janus-pp-rec and pg_dump are installed');
  check(!existsSync(join(exported, 'opt', 'portal', 'apps', 'server', 'node_modules', 'vitest')), 'no dev dependency (vitest) in the image');
  const owner = userOf(config.User);
  const writable = [...Object.keys(config.Volumes ?? {}), '/data/uploads'];
  check(writable.every((path) => statSync(join(exported, path)).uid === owner.uid), `${writable.join(' and ')} belong to ${config.User}`);

  postgres = await step('PostgreSQL on 127.0.0.1', startPostgres);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // Loopback only here; the image's own HOST is 0.0.0.0.
  const env = { DATABASE_URL: postgres.url, HOST: '127.0.0.1', PORT: String(port), PORTAL_DEMO: 'false', LOG_LEVEL: 'warn' };
  const [cmd, argv, user] = inImage(config, config.Cmd, env);
  await step('server from the image filesystem: migrated and serving', async () => {
    server = spawn(cmd, argv, { stdio: ['ignore', 'inherit', 'inherit'] });
    server.exited = new Promise((resolve) => server.once('exit', (code, signal) => resolve({ code, signal })));
    await waitForHttp(`${base}/api/v1/health/ready`, 120_000);
  });

  const journal = JSON.parse(readFileSync(join(exported, 'opt', 'portal', 'apps', 'server', 'drizzle', 'meta', '_journal.json'), 'utf8'));
  const psql = join(postgresBinDir(), 'psql');
  const applied = Number(output(psql, [postgres.url, '-tAc', 'SELECT count(*) FROM drizzle.__drizzle_migrations']));
  check(applied === journal.entries.length, `migrated: ${applied} of the release's ${journal.entries.length} migrations recorded`);
  const health = await fetch(`${base}/api/v1/health`);
  const healthBody = await health.json();
  check(health.status === 200 && healthBody.database === 'postgres' && healthBody.build === 'proof', `GET /api/v1/health 200 ${JSON.stringify(healthBody)}`);
  const portal = await fetch(`${base}/portal/`);
  const index = readFileSync(join(exported, 'opt', 'portal', 'apps', 'portal', 'dist', 'index.html'), 'utf8');
  check(portal.status === 200 && (await portal.text()) === index, 'GET /portal/ 200 with the built index.html');
  const nodePid = childOf(server.pid);
  const uid = readFileSync(`/proc/${nodePid}/status`, 'utf8').match(/^Uid:\s+(\d+)/m)?.[1];
  check(Number(uid) === user.uid && user.uid !== 0, `the server runs as ${config.User} (uid ${uid})`);
  const [probeCmd, probeArgs] = inImage(config, inspected.Healthcheck.Test.slice(1), env);
  check((await run(probeCmd, probeArgs)) === 0, "the image's HEALTHCHECK command passes");

  await step('SIGTERM: a clean stop', async () => {
    const sent = Date.now();
    process.kill(nodePid, 'SIGTERM');
    const timeout = new Promise((resolve) => setTimeout(() => resolve(null), 15_000));
    const exit = await Promise.race([server.exited, timeout]);
    const ms = Date.now() - sent;
    check(exit !== null && exit.code === 0 && ms < 10_000, `exit ${exit?.code ?? 'none'} ${ms} ms after SIGTERM`);
  });
  await step('a backup from the image (--backup, pg_dump)', async () => {
    const [backupCmd, backupArgs] = inImage(config, [...config.Cmd, '--backup', '/data/backup'], env);
    check((await run(backupCmd, backupArgs)) === 0, 'main.ts --backup exits 0');
    const manifest = JSON.parse(readFileSync(join(exported, 'data', 'backup', 'manifest.json'), 'utf8'));
    check(existsSync(join(exported, 'data', 'backup', 'database.pgdump')), `database.pgdump written (manifest: ${JSON.stringify(manifest)})`);
  });
} catch (error) {
  failed = true;
  console.error(error.message ?? error);
} finally {
  // unshare's --kill-child does not reach the server: changing to the image's user clears it.
  if (server && server.exitCode === null && server.signalCode === null) {
    try {
      process.kill(childOf(server.pid), 'SIGKILL');
    } catch {
      // Gone already.
    }
    server.kill('SIGKILL');
  }
  postgres?.stop();
  rmSync(exported, { recursive: true, force: true });
}

console.log('\nSteps:');
for (const [name, seconds] of times) console.log(`  ${seconds.toFixed(1).padStart(7)} s  ${name}`);
console.log(failed ? '\n✖ image proof failed' : `\n✔ image proof passed (the images ${baseImage} and ${image} stay as the build cache)`);
process.exitCode = failed ? 1 : 0;
