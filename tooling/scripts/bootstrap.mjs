#!/usr/bin/env node
// The one entry point behind `npm start` and `npm test`. It must run on a bare machine that has
// only an older Node and npm, so it uses nothing but Node's standard library: it fetches a
// project-local Node 24 and pnpm into .tools/, installs dependencies, then hands over to the
// real tasks (tooling/scripts/start.mjs, tooling/scripts/test-all.mjs, the server's backup and
// restore through tooling/scripts/server-command.mjs) under Node 24.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const NODE_MAJOR = 24;
const PNPM_VERSION = '10.34.8';
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const tools = join(root, '.tools');
const [command = 'start', ...rest] = process.argv.slice(2);

function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function must(cmd, args, options) {
  const status = run(cmd, args, options);
  if (status !== 0) {
    console.error(`\n✖ ${cmd} ${args.join(' ')} failed (exit ${status})`);
    process.exit(status);
  }
}

function npmInstallTool(dir, spec) {
  mkdirSync(dir, { recursive: true });
  must('npm', ['install', '--prefix', dir, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--loglevel=error', spec]);
}

// 1. Node 24: re-run this script under a project-local Node when the machine's is older.
if (Number(process.versions.node.split('.')[0]) < NODE_MAJOR) {
  const nodeBin = join(tools, 'node', 'node_modules', 'node', 'bin', 'node');
  if (!existsSync(nodeBin)) {
    console.log(`Node ${process.versions.node} is older than ${NODE_MAJOR}: installing a project-local Node ${NODE_MAJOR} into .tools/node`);
    npmInstallTool(join(tools, 'node'), `node@${NODE_MAJOR}`);
  }
  process.exit(run(nodeBin, [fileURLToPath(import.meta.url), command, ...rest], { env: withPath(process.env) }));
}

// 2. pnpm, project-local and pinned, so no global install or corepack download is needed.
const pnpmBin = join(tools, 'pnpm', 'node_modules', '.bin', 'pnpm');
if (!existsSync(pnpmBin)) {
  console.log(`Installing pnpm ${PNPM_VERSION} into .tools/pnpm`);
  npmInstallTool(join(tools, 'pnpm'), `pnpm@${PNPM_VERSION}`);
}
const env = withPath({ ...process.env, PNPM_HOME: join(tools, 'pnpm'), TURBO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' });

// 3. Dependencies, only when the lockfile changed since the last install.
const marker = join(root, 'node_modules', '.modules.yaml');
const lock = join(root, 'pnpm-lock.yaml');
if (!existsSync(marker) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(marker).mtimeMs)) {
  must(pnpmBin, ['install', existsSync(lock) ? '--frozen-lockfile' : '--no-frozen-lockfile'], { env });
}

// 4. The task itself, under Node 24 with the workspace's binaries on PATH.
const tasks = { start: ['start.mjs'], test: ['test-all.mjs'], backup: ['server-command.mjs', '--backup'], restore: ['server-command.mjs', '--restore'] };
const task = Object.hasOwn(tasks, command) ? tasks[command] : undefined;
if (!task) {
  console.error(`Unknown command "${command}". Use: ${Object.keys(tasks).join(' | ')}`);
  process.exit(2);
}
const [script, ...taskArgs] = task;
process.exit(run(process.execPath, [join(root, 'tooling', 'scripts', script), ...taskArgs, ...rest], { env }));

function withPath(base) {
  const dirs = [
    dirname(process.execPath),
    join(tools, 'node', 'node_modules', 'node', 'bin'),
    join(tools, 'pnpm', 'node_modules', '.bin'),
    join(root, 'node_modules', '.bin'),
  ];
  return { ...base, PATH: [...dirs, base.PATH].join(':') };
}
