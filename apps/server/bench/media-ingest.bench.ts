// Ingest benchmark: how many media events a second the server applies on the embedded database.
// A fresh PGlite with one tenant and its meetings (20 by default, 5 participants each) running on
// one node; every 2 s of simulated time each participant sends an audio and a video statistics
// sample, as Janus's sample event handler does with `stats_period = 2`, and joins, publications,
// leaves and the rooms' opening and closing come between. Two ways in:
//   1. applyMediaEvents (src/live/apply.ts) with the portal's own events, one batch per tick;
//   2. the HTTP endpoint (ingestMediaEvents) with the same run as Janus events, one post per tick,
//      authenticated, translated and applied like a real node's posts.
//
//   node --conditions=@portal/source bench/media-ingest.bench.ts [--meetings=20] [--participants=5] [--ticks=60] [--enforce]
//
// Prints events per second for both; --enforce exits 1 below the goal (2 000 events/s).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/kernel/config.ts';
import { openDatabase } from '../src/kernel/db/database.ts';
import { buildApp } from '../src/app/app.ts';
import { applyMediaEvents } from '../src/live/apply.ts';
import { janusTick, portalTick, seedIngestRun, type IngestShape } from './ingest-run.ts';
import { unconfiguredMedia } from '../src/media/platform.ts';

const GOAL = 2_000;

const { values: args } = parseArgs({
  options: {
    meetings: { type: 'string', default: '20' },
    participants: { type: 'string', default: '5' },
    ticks: { type: 'string', default: '60' },
    enforce: { type: 'boolean', default: false },
  },
});
const meetingCount = Number(args.meetings);
const perMeeting = Number(args.participants);
const ticks = Number(args.ticks);
const shape: IngestShape = { meetings: meetingCount, participants: perMeeting, ticks };
const log = (line: string) => process.stdout.write(`${line}\n`);

function post(port: number, body: string, auth: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, method: 'POST', path: '/api/v1/media/events', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), authorization: auth } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const rate = (events: number, ms: number) => Math.round((events / ms) * 1000);

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-ingest-bench-'));
  const config = { ...loadConfig({ DATA_DIR: dataDir, PORTAL_DEMO: 'false' }), databaseUrl: null, dataDir, port: 0, host: '127.0.0.1' };
  const database = await openDatabase(config);
  try {
    await database.migrate();
    log(`media ingest benchmark: PGlite, ${meetingCount} meetings × ${perMeeting} participants, ${ticks} ticks of 2 s (${meetingCount * perMeeting * 2} statistics samples a tick)`);

    // 1. applyMediaEvents directly.
    const direct = await seedIngestRun(database, 'benchdirect', shape);
    let count = 0;
    let slowest = 0;
    const started = performance.now();
    for (let tick = 0; tick < ticks; tick++) {
      const batch = portalTick(direct, tick, randomUUID());
      const t = performance.now();
      const result = await applyMediaEvents(database, 'media', batch);
      slowest = Math.max(slowest, performance.now() - t);
      if (result.applied !== batch.length) throw new Error(`applied ${result.applied} of ${batch.length}`);
      count += batch.length;
    }
    const directMs = performance.now() - started;
    const directRate = rate(count, directMs);
    log(`applyMediaEvents: ${count} events in ${Math.round(directMs)} ms: ${directRate} events/s (slowest batch ${Math.round(slowest)} ms)`);

    // 2. Through the HTTP endpoint, as Janus events.
    const viaHttp = await seedIngestRun(database, 'benchhttp', shape);
    const secret = 'bench-events-secret';
    const app = await buildApp({ config, database, media: { ...unconfiguredMedia, eventSenders: async () => [{ node: 'bench-node', secret }] } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const auth = `Basic ${Buffer.from(`bench-node:${secret}`).toString('base64')}`;
    const posts = Array.from({ length: ticks }, (_, tick) => JSON.stringify(janusTick(viaHttp, tick)));
    let janusEvents = 0;
    let applied = 0;
    let slowestPost = 0;
    const httpStarted = performance.now();
    for (const body of posts) {
      const t = performance.now();
      const res = await post(port, body, auth);
      slowestPost = Math.max(slowestPost, performance.now() - t);
      if (res.status !== 200) throw new Error(`ingest answered ${res.status}: ${res.text}`);
      const answer = JSON.parse(res.text) as { applied: number };
      applied += answer.applied;
      janusEvents += (JSON.parse(body) as unknown[]).length;
    }
    const httpMs = performance.now() - httpStarted;
    const httpRate = rate(janusEvents, httpMs);
    log(`POST /api/v1/media/events: ${janusEvents} Janus events (${applied} applied) in ${posts.length} posts, ${Math.round(httpMs)} ms: ${httpRate} events/s (slowest post ${Math.round(slowestPost)} ms)`);
    await app.close();

    const worst = Math.min(directRate, httpRate);
    log(worst >= GOAL ? `goal met: at least ${GOAL} events/s both ways` : `below the goal of ${GOAL} events/s`);
    if (args.enforce && worst < GOAL) process.exitCode = 1;
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
