// Small helpers shared by the repo scripts (start, test-all, e2e). Standard library only.
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Runs a command to completion with inherited output; resolves to its exit status. With `kept`
 * (an array), the output is also copied there, chunk by chunk, for a summary to quote after.
 */
export function run(cmd, args, { kept, ...options } = {}) {
  return new Promise((resolvePromise) => {
    const child = spawn(cmd, args, { stdio: kept ? ['inherit', 'pipe', 'pipe'] : 'inherit', cwd: root, ...options });
    const copy = (stream, out) =>
      stream.on('data', (chunk) => {
        kept.push(chunk.toString());
        out.write(chunk);
      });
    if (kept) {
      copy(child.stdout, process.stdout);
      copy(child.stderr, process.stderr);
    }
    child.on('error', (error) => {
      console.error(`✖ ${cmd}: ${error.message}`);
      resolvePromise(1);
    });
    child.on('exit', (code, signal) => {
      const status = code ?? (signal ? 1 : 0);
      // The piped output's last chunks come after 'exit'; a process the command left running may hold the pipes open.
      if (!kept) return resolvePromise(status);
      const done = setTimeout(() => resolvePromise(status), 2_000);
      child.once('close', () => {
        clearTimeout(done);
        resolvePromise(status);
      });
    });
  });
}

export function runSync(cmd, args, options = {}) {
  return spawnSync(cmd, args, { cwd: root, encoding: 'utf8', ...options });
}

export function freePort() {
  return new Promise((resolvePromise, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePromise(port));
    });
  });
}

export async function waitForHttp(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  let lastError;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
      lastError = new Error(`HTTP ${response.status}`);
    } catch (error) {
      lastError = error;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms: ${lastError?.message}`);
}

export const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

export function pnpm() {
  return process.platform === 'win32' ? 'pnpm.cmd' : 'pnpm';
}

/**
 * Node's arguments that run the server (apps/server/src/app/main.ts) from its sources: the
 * `@portal/source` condition resolves the workspace packages it imports (@portal/contract) to their
 * TypeScript source, as its tests and Vite do, so no built dist/ is needed.
 */
export const serverArgs = ['--conditions=@portal/source', join(root, 'apps', 'server', 'src', 'app', 'main.ts')];

/**
 * The real server (apps/server/src/app/main.ts) with the built portal and demo data on a fresh
 * embedded database in `dataDir`, for the end-to-end run and the scripts that measure the portal
 * in a browser; `env` adds or overrides settings (admin, demo password, SMTP, Janus ...).
 */
export function startPortalServer({ port, dataDir, env = {} }) {
  return spawn(process.execPath, serverArgs, {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      PORTAL_DIST: join(root, 'apps', 'portal', 'dist'),
      PORTAL_DEMO: 'true',
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
}

// A server that already died (a crash at start, say) never emits 'exit' again: waiting for it
// would hang the whole run until CI's time limit. Wait only for a live one, and not forever.
export async function stopServer(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}
