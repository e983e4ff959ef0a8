// Helpers shared by the benchmark and harness scripts of this folder: percentiles, the machine's
// load (every figure is printed beside it: the machine is shared), a throwaway PostgreSQL server
// (tooling/scripts/postgres.mjs), the app on a loopback port, signing in over real HTTP, and the
// reference every HTTP benchmark measures beside its own figure (measureReference).
import { Agent, globalAgent, request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

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

// ---------------------------------------------------------------------------------------------
// The reference: a figure measured on one machine says little on the next, so each HTTP bench
// also measures, in the same run, on the same server and with the same client at the same
// concurrency, one cheap operation that reads one row by primary key, and prints its own figure
// beside it as a ratio (docs/benchmarks.md, "The reference"). getRole of a role nobody holds reads
// one row of the caller's tenant by primary key (its user count is one probe of the user_roles_role
// index that finds nothing): a tenant request's whole path (session, tenant, permission, tenant
// transaction) and one indexed row, nothing else.

export const REFERENCE_OPERATION = 'getRole';

/** The path of the reference request for the role `roleId`. */
export const referencePath = (roleId: string) => `/api/v1/roles/${roleId}`;

export type ReferenceInput = {
  port: number;
  host: string;
  cookie: string;
  /** A role nobody holds (createReferenceRole). */
  roleId: string;
  /** Clients at once, each sending its next request when the last one answered (as the bench's). */
  concurrency: number;
  /** Requests per client before measuring (not counted). */
  warmupRequests: number;
  /** Measure for this long, or `requests` in all. */
  durationMs?: number;
  requests?: number;
  /** Run the clients in a worker thread, as a bench whose own load runs in one (get-users). */
  inWorker?: boolean;
  /** The bench's own agent; else one of `concurrency` keep-alive sockets (in process: Node's global agent). */
  agent?: Agent;
};

export type ReferenceFigure = { concurrency: number; requests: number; rate: number; p50: number; p95: number; failures: number };

async function referenceLoad(input: ReferenceInput): Promise<ReferenceFigure> {
  const own = input.agent ? null : input.inWorker ? new Agent({ keepAlive: true, maxSockets: input.concurrency }) : null;
  const agent = input.agent ?? own ?? globalAgent;
  const path = referencePath(input.roleId);
  const latencies: number[] = [];
  let failures = 0;
  let left = input.requests ?? Number.POSITIVE_INFINITY;
  const call = () => httpCall(input.port, { path, host: input.host, headers: { cookie: input.cookie }, agent });
  const first = await call();
  if (first.status !== 200) throw new Error(`the reference ${REFERENCE_OPERATION} answered ${first.status}: ${first.text}`);
  const clients = Array.from({ length: input.concurrency });
  await Promise.all(clients.map(async () => {
    for (let i = 0; i < input.warmupRequests; i++) await call();
  }));
  const started = performance.now();
  const until = input.durationMs === undefined ? Number.POSITIVE_INFINITY : started + input.durationMs;
  await Promise.all(
    clients.map(async () => {
      while (left > 0 && performance.now() < until) {
        left -= 1;
        const t0 = performance.now();
        const res = await call();
        if (res.status === 200) latencies.push(performance.now() - t0);
        else failures += 1;
      }
    }),
  );
  const elapsedS = (performance.now() - started) / 1000;
  own?.destroy();
  latencies.sort((a, b) => a - b);
  return { concurrency: input.concurrency, requests: latencies.length, rate: latencies.length / elapsedS, p50: percentile(latencies, 50), p95: percentile(latencies, 95), failures };
}

/** Measures the reference (see above); in a worker thread of its own when `inWorker`. */
export function measureReference(input: ReferenceInput): Promise<ReferenceFigure> {
  if (!input.inWorker) return referenceLoad(input);
  const worker = new Worker(new URL(import.meta.url), { workerData: { benchReference: input } });
  return new Promise<ReferenceFigure>((resolve, reject) => {
    worker.once('message', (figure: ReferenceFigure) => {
      void worker.terminate();
      resolve(figure);
    });
    worker.once('error', reject);
  });
}

/** "reference getRole (one row by primary key), 10 clients: 1234.5 req/s, p50 3.1 ms, p95 6.2 ms (load …)". */
export function referenceLine(ref: ReferenceFigure): string {
  const failed = ref.failures > 0 ? `, ${ref.failures} failed` : '';
  return `reference ${REFERENCE_OPERATION} (one row by primary key), ${ref.concurrency} client${ref.concurrency === 1 ? '' : 's'}: ${ref.rate.toFixed(1)} req/s, p50 ${ref.p50.toFixed(1)} ms, p95 ${ref.p95.toFixed(1)} ms${failed} (${loadAverage()})`;
}

/** Own figure ÷ the reference's: throughput (higher is better) and p95 (lower is better). */
export function referenceRatios(own: { rate?: number; p95?: number }, ref: ReferenceFigure): { rate?: number; p95?: number } {
  return {
    ...(own.rate === undefined ? {} : { rate: own.rate / ref.rate }),
    ...(own.p95 === undefined ? {} : { p95: own.p95 / ref.p95 }),
  };
}

/** "0.42× the reference's req/s, p95 3.10× the reference's". */
export function ratioText(own: { rate?: number; p95?: number }, ref: ReferenceFigure): string {
  const r = referenceRatios(own, ref);
  return [r.rate === undefined ? null : `${r.rate.toFixed(2)}× the reference's req/s`, r.p95 === undefined ? null : `p95 ${r.p95.toFixed(2)}× the reference's`]
    .filter(Boolean)
    .join(', ');
}

if (!isMainThread && (workerData as { benchReference?: ReferenceInput } | null)?.benchReference) {
  parentPort?.postMessage(await referenceLoad((workerData as { benchReference: ReferenceInput }).benchReference));
}

/**
 * The reference's row: a role of the caller's tenant that nobody holds, made over HTTP (putRole, POST /roles) as
 * `as`, who needs roles.put. Its name is new on every call.
 */
export async function createReferenceRole(port: number, host: string, as: SignedIn): Promise<string> {
  const name = `Bench reference ${Date.now().toString(36)}`;
  const answer = await httpCall(port, { method: 'POST', path: '/api/v1/roles', host, headers: { cookie: as.cookie, 'x-csrf-token': as.csrf }, body: { name, permissions: [] } });
  if (answer.status !== 201) throw new Error(`the reference role was not made: ${answer.status} ${answer.text}`);
  return (JSON.parse(answer.text) as { items: { id: string }[] }).items[0]!.id;
}
