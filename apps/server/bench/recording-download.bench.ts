// Recording download benchmark: the throughput of downloading a large recording (1 GB by default)
// from the disk file store through downloadRecordingFile over real HTTP, and the server process's
// memory before, during and after, which must stay flat: the file is streamed, never read into
// memory, whatever its size. Then a few seeks (range requests) into the same file.
//
//   node --conditions=@portal/source bench/recording-download.bench.ts [--mb=1024] [--enforce]
//
// The file is written streamed (1 MB of varied bytes at a time) in a temporary data directory and
// removed afterwards. The client runs in the same process and drops what it receives, so the RSS
// figures are the server's working memory plus a constant. --enforce exits 1 when RSS during the
// download grows more than 64 MB over its value before. The reference (bench-lib.ts): afterwards
// the same client, one request at a time, asks getRole (one row by primary key) 50 times; the
// download's rate is printed as MB per reference request time and each seek as a multiple of the
// reference's p50. The goal is memory, which does not depend on the machine: it has no ratio.
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { eq } from 'drizzle-orm';
import { parseArgs } from 'node:util';
import { hashPassword } from '../src/kernel/crypto/passwords.ts';
import { loadConfig } from '../src/kernel/config.ts';
import { openDatabase } from '../src/kernel/db/database.ts';
import { recordings } from '../src/kernel/db/schema.ts';
import { insertTenant } from '../src/tenants/insert-tenant.ts';
import { buildApp } from '../src/app/app.ts';
import { createReferenceRole, measureReference, referenceLine } from './bench-lib.ts';

const MAX_GROWTH_MB = 64;
const { values: args } = parseArgs({ options: { mb: { type: 'string', default: '1024' }, enforce: { type: 'boolean', default: false } } });
const sizeMb = Number(args.mb);
const size = sizeMb * 1024 * 1024;
const log = (line: string) => process.stdout.write(`${line}\n`);
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const rss = () => process.memoryUsage().rss;

async function writeLargeFile(path: string, bytes: number): Promise<void> {
  const out = createWriteStream(path);
  const chunk = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < chunk.length; i++) chunk[i] = (i * 31 + 7) & 0xff;
  for (let written = 0; written < bytes; written += chunk.length) {
    if (!out.write(chunk.subarray(0, Math.min(chunk.length, bytes - written)))) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; bytes: number; body?: Buffer };

/** A GET whose body is counted and dropped (kept only when small, for the login answer). */
function get(port: number, path: string, headers: Record<string, string>, method = 'GET', body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      let bytes = 0;
      const kept: Buffer[] = [];
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes < 65_536) kept.push(chunk);
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes, body: Buffer.concat(kept) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    if (body) req.write(body);
    req.end();
  });
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-download-bench-'));
  const config = { ...loadConfig({ DATA_DIR: dataDir, PORTAL_DEMO: 'false' }), databaseUrl: null, dataDir, port: 0, host: '127.0.0.1' };
  const database = await openDatabase(config);
  try {
    await database.migrate();
    const password = 'Bench-Passw0rd';
    const { tenantId } = await database.withPlatform(async (tx) =>
      insertTenant(tx, { sname: 'bench', name: 'Bench', users: [{ email: 'admin@bench.test', firstName: 'Ada', lastName: 'Admin', roles: ['admin'], passwordHash: await hashPassword(password) }] }),
    );
    const app = await buildApp({ config, database });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const host = 'bench.portal.localhost';

    log(`Writing a ${sizeMb} MB recording ...`);
    const source = join(dataDir, 'source.webm');
    await writeLargeFile(source, size);
    const [row] = await database.withTenant(tenantId, (tx) =>
      tx.insert(recordings).values({ tenantId, kind: 'cloud', status: 'ready', code: '12345678901', topic: 'Bench recording', startedAt: new Date(), videoBytes: size }).returning({ id: recordings.id }),
    );
    const key = `recordings/${tenantId}/${row!.id}/video.webm`;
    await app.files.putFile(key, source, 'video/webm');
    rmSync(source);
    await database.withTenant(tenantId, (tx) => tx.update(recordings).set({ videoKey: key }).where(eq(recordings.id, row!.id)));

    const login = await get(port, '/api/v1/auth/login', { host, 'content-type': 'application/json' }, 'POST', JSON.stringify({ email: 'admin@bench.test', password }));
    const cookies = ([] as string[]).concat(login.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
    if (login.status !== 200) throw new Error(`Sign-in failed: ${login.status} ${login.body?.toString()}`);
    const headers = { host, cookie: cookies };
    const path = `/api/v1/recordings/${row!.id}/files/video`;

    // Warm-up: a small range, so lazily loaded code and pools are in place before measuring.
    await get(port, path, { ...headers, range: 'bytes=0-1023' });
    global.gc?.();
    const before = rss();
    let peak = before;
    const samples: number[] = [];
    const sampler = setInterval(() => {
      const now = rss();
      samples.push(now);
      peak = Math.max(peak, now);
    }, 100);
    const started = process.hrtime.bigint();
    const whole = await get(port, path, headers);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    clearInterval(sampler);
    if (whole.status !== 200 || whole.bytes !== size) throw new Error(`Download answered ${whole.status} with ${whole.bytes} bytes, expected ${size}`);

    const seeks: string[] = [];
    const seekMs: number[] = [];
    for (const fraction of [0.25, 0.5, 0.9]) {
      const start = Math.floor(size * fraction);
      const t0 = process.hrtime.bigint();
      const part = await get(port, path, { ...headers, range: `bytes=${start}-${start + 1024 * 1024 - 1}` });
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      if (part.status !== 206 || part.bytes !== 1024 * 1024) throw new Error(`Seek to ${start} answered ${part.status} with ${part.bytes} bytes`);
      seeks.push(`${Math.round(fraction * 100)}%: ${ms.toFixed(1)} ms`);
      seekMs.push(ms);
    }
    global.gc?.();
    const after = rss();
    const median = samples.length ? [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]! : peak;

    log(`Downloaded ${sizeMb} MB in ${seconds.toFixed(2)} s: ${(sizeMb / seconds).toFixed(0)} MB/s`);
    log(`RSS before ${mb(before)} MB, during median ${mb(median)} MB / peak ${mb(peak)} MB, after ${mb(after)} MB (growth at peak ${mb(peak - before)} MB for a ${sizeMb} MB file)`);
    log(`1 MB range requests (seeks) at ${seeks.join(', ')}`);
    const csrf = /portal_csrf=([^;]*)/.exec(cookies)?.[1] ?? '';
    const roleId = await createReferenceRole(port, host, { cookie: cookies, csrf });
    const reference = await measureReference({ port, host, cookie: cookies, roleId, concurrency: 1, warmupRequests: 10, requests: 50 });
    log(referenceLine(reference));
    log(
      `as ratios of the reference: ${((sizeMb / seconds) * (1 / reference.rate)).toFixed(2)} MB downloaded in the time of one reference request; seeks ${seekMs.map((ms) => `${(ms / reference.p50).toFixed(1)}×`).join(', ')} its p50`,
    );
    await app.close();
    const grew = (peak - before) / 1024 / 1024;
    if (args.enforce && grew > MAX_GROWTH_MB) {
      log(`FAIL: memory grew ${grew.toFixed(1)} MB during the download (limit ${MAX_GROWTH_MB} MB)`);
      process.exitCode = 1;
    }
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
