// Helpers shared by the benchmark and harness scripts of this folder: percentiles, the machine's
// load (every figure is printed beside it: the machine is shared), a throwaway PostgreSQL server
// (tooling/scripts/postgres.mjs), the app on a loopback port and signing in over real HTTP.
import { request as httpRequest, type Agent } from 'node:http';
import { createServer } from 'node:net';
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';

export const log = (line: string) => process.stdout.write(`${line}\n`);

/**
 * A loopback port nobody listens on now, for a server started as a child process (which cannot
 * report a port 0 back): the system picks it, so it is not one another program on the machine
 * already holds, as a random pick could be.
 */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => probe.once('error', reject).listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no loopback port');
  return address.port;
}

/** The p-th percentile of ascending `sorted` (nearest rank). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** "load 1.23 0.98 0.70": the 1, 5 and 15 minute load averages, to read each figure by. */
export function loadAverage(): string {
  return `load ${loadavg()
    .map((v) => v.toFixed(2))
    .join(' ')}`;
}

/** A number from `--flag`, else the environment variable, else the default. */
export function numberOption(value: string | undefined, envName: string, fallback: number): number {
  const raw = value ?? process.env[envName];
  const n = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isFinite(n)) throw new Error(`Not a number: ${raw} (${envName})`);
  return n;
}

export type ThrowawayPostgres = { url: string; stop: () => void };

/** A PostgreSQL server of its own in a temp dir (fsync off), as CI starts one; stop() removes it. */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const script = pathToFileURL(new URL('../../../tooling/scripts/postgres.mjs', import.meta.url).pathname).href;
  const { startPostgres } = (await import(script)) as { startPostgres: () => Promise<ThrowawayPostgres> };
  return startPostgres();
}

export type HttpAnswer = { status: number; text: string; headers: Record<string, string | string[] | undefined> };

/** One HTTP request to the app on loopback, with the Host header naming the tenant. */
export function httpCall(
  port: number,
  options: { method?: string; path: string; host: string; headers?: Record<string, string>; body?: unknown; agent?: Agent },
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path,
        ...(options.agent ? { agent: options.agent } : {}),
        headers: { host: options.host, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...options.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), headers: res.headers }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

export type SignedIn = { cookie: string; csrf: string };

/** Signs in over HTTP: the session cookies as one Cookie header, and the CSRF token writes echo. */
export async function signIn(port: number, host: string, email: string, password: string): Promise<SignedIn> {
  const answer = await httpCall(port, { method: 'POST', path: '/api/v1/auth/login', host, body: { email, password } });
  if (answer.status !== 200) throw new Error(`sign-in failed: ${answer.status} ${answer.text}`);
  const cookies = ([] as string[]).concat(answer.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]!);
  const csrf = cookies.find((c) => c.startsWith('portal_csrf='))?.slice('portal_csrf='.length) ?? '';
  return { cookie: cookies.join('; '), csrf };
}
