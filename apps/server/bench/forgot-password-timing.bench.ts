// Does forgot-password take longer for an address that has an account? It must not: the time of
// the answer would tell an attacker which addresses exist. The real app on PGlite, on a random
// loopback port; requests for an existing account and for unknown addresses alternate, each from
// its own client address (so the per-address limit never answers 429), and the medians and p90s
// of both are printed with their difference and a Mann-Whitney test of whether they differ.
//
//   node --conditions=@portal/source bench/forgot-password-timing.bench.ts [--requests=400]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { loadConfig } from '../src/kernel/config.ts';
import { openDatabase } from '../src/kernel/db/database.ts';
import { buildApp } from '../src/app/app.ts';
import { seedBenchTenant } from './seed-users.ts';

const { values: args } = parseArgs({ options: { requests: { type: 'string', default: '400' } } });
const perKind = Number(args.requests);
const log = (line: string) => process.stdout.write(`${line}\n`);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** Two-sided Mann-Whitney U test with the normal approximation: the z score and its p value. */
function mannWhitney(a: number[], b: number[]): { z: number; p: number } {
  const all = [...a.map((value) => ({ value, fromA: true })), ...b.map((value) => ({ value, fromA: false }))].sort((x, y) => x.value - y.value);
  let rankSumA = 0;
  for (let i = 0; i < all.length; ) {
    let j = i;
    while (j < all.length && all[j]!.value === all[i]!.value) j++;
    const rank = (i + j + 1) / 2;
    for (let k = i; k < j; k++) if (all[k]!.fromA) rankSumA += rank;
    i = j;
  }
  const u = rankSumA - (a.length * (a.length + 1)) / 2;
  const mean = (a.length * b.length) / 2;
  const sd = Math.sqrt((a.length * b.length * (a.length + b.length + 1)) / 12);
  const z = (u - mean) / sd;
  const p = 2 * (1 - normalCdf(Math.abs(z)));
  return { z, p };
}

function normalCdf(x: number): number {
  // Abramowitz and Stegun 7.1.26.
  const t = 1 / (1 + 0.3275911 * (x / Math.SQRT2));
  const erf = 1 - (((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t) * Math.exp(-((x / Math.SQRT2) ** 2));
  return 0.5 * (1 + erf);
}

/** Alternates an existing account and unknown addresses, each request from its own client address. */
const clientCode = `
const { parentPort, workerData } = require('node:worker_threads');
const { Agent, request } = require('node:http');
const { port, host, perKind, email } = workerData;
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
const ask = (address, client) => new Promise((resolve, reject) => {
  const body = JSON.stringify({ email: address });
  const started = process.hrtime.bigint();
  const forwardedFor = '10.' + ((client >> 16) & 255) + '.' + ((client >> 8) & 255) + '.' + (client & 255);
  const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/api/v1/auth/password-reset', agent,
    headers: { host, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-forwarded-for': forwardedFor } }, (res) => {
    res.resume();
    res.on('end', () => res.statusCode === 202 ? resolve(Number(process.hrtime.bigint() - started) / 1e6) : reject(new Error('password-reset answered ' + res.statusCode)));
  });
  req.on('error', reject);
  req.end(body);
});
const pause = () => new Promise((resolve) => setTimeout(resolve, 20));
(async () => {
  for (let i = 0; i < 20; i++) await ask('warm' + i + '@nowhere.example', 60000 + i);
  const existing = [], unknown = [];
  for (let i = 0; i < perKind; i++) {
    existing.push(await ask(email, 2 * i));
    await pause();
    unknown.push(await ask('nobody.' + i + '@nowhere.example', 2 * i + 1));
    await pause();
  }
  parentPort.postMessage({ existing, unknown });
})();
`;

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-forgot-'));
  const config = { ...loadConfig({}), dataDir, databaseUrl: null, trustProxy: true as const };
  const database = await openDatabase(config);
  await database.migrate();
  const tenant = await seedBenchTenant(database, 50);
  const app = await buildApp({ config, database });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const host = `${tenant.sname}.portal.localhost:${port}`;
  try {
    // The client runs in a thread of its own: in this thread the server's work after answering
    // would delay reading the answer, which an attacker on the network does not see.
    const worker = new Worker(clientCode, { eval: true, workerData: { port, host, perKind, email: tenant.adminEmail } });
    const { existing, unknown } = await new Promise<{ existing: number[]; unknown: number[] }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    const show = (name: string, values: number[]) => {
      const sorted = [...values].sort((x, y) => x - y);
      log(`${name.padEnd(18)} median ${percentile(sorted, 50).toFixed(2)} ms  p90 ${percentile(sorted, 90).toFixed(2)} ms  (${values.length} requests)`);
      return percentile(sorted, 50);
    };
    log(`forgot-password on PGlite, ${perKind} requests each, alternating`);
    const a = show('existing account', existing);
    const b = show('unknown address', unknown);
    const { z, p } = mannWhitney(existing, unknown);
    log(`difference of medians ${(a - b).toFixed(2)} ms; Mann-Whitney z = ${z.toFixed(2)}, p = ${p.toFixed(3)} (p < 0.01 would tell the two apart)`);
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
