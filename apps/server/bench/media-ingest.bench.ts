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
import { openDatabase, type AppDatabase } from '../src/kernel/db/database.ts';
import { meetings } from '../src/kernel/db/schema.ts';
import { insertTenant } from '../src/tenants/insert-tenant.ts';
import { buildApp } from '../src/app/app.ts';
import { applyMediaEvents } from '../src/live/apply.ts';
import { opaqueIdOf, type MediaEvent } from '../src/live/events.ts';
import type { JanusEvent } from '../src/media/janus-events.ts';
import { platformMeetingOptions } from '../src/meetings/options.ts';
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
const log = (line: string) => process.stdout.write(`${line}\n`);

type Run = { meetingIds: string[]; t0: number };

async function seed(database: AppDatabase, tenant: string): Promise<Run> {
  return database.withPlatform(async (tx) => {
    const seeded = await insertTenant(tx, { sname: tenant, name: `Bench ${tenant}`, users: [{ email: `host@${tenant}.bench`, firstName: 'Host', lastName: 'Bench', roles: ['member'], passwordHash: null }] });
    const hostId = Object.values(seeded.userIds)[0]!;
    const rows = await tx
      .insert(meetings)
      .values(
        Array.from({ length: meetingCount }, (_, i) => ({
          tenantId: seeded.tenantId,
          code: String(9_100_000_000 + Math.floor(Math.random() * 800_000_000) + i),
          kind: 'scheduled' as const,
          hostId,
          topic: `Bench meeting ${i + 1}`,
          startsAt: new Date(),
          durationMinutes: 60,
          timeZone: 'UTC',
          options: platformMeetingOptions,
        })),
      )
      .returning({ id: meetings.id });
    return { meetingIds: rows.map((row) => row.id), t0: Date.now() };
  });
}

const participantsOf = (meetingIndex: number) => Array.from({ length: perMeeting }, (_, p) => `guest-${String(meetingIndex).padStart(8, '0')}-0000-4000-8000-${String(p).padStart(12, '0')}`);

/** One tick's events (portal model): the first opens and fills the rooms, the last empties and closes them, every one measures. */
function portalTick(run: Run, tick: number, prefix: string): MediaEvent[] {
  const events: MediaEvent[] = [];
  const at = run.t0 + tick * 2_000;
  run.meetingIds.forEach((meetingId, m) => {
    const base = { node: 'bench-node', meetingId };
    let n = 0;
    const key = () => `${prefix}:${tick}:${m}:${n++}`;
    if (tick === 0) events.push({ ...base, key: key(), at, type: 'room.opened' });
    for (const participant of participantsOf(m)) {
      if (tick === 0) {
        events.push({ ...base, key: key(), at: at + 1, type: 'participant.joined', participant, display: `Guest ${participant.slice(-3)}` });
        events.push({ ...base, key: key(), at: at + 2, type: 'stream.published', participant, streams: [{ kind: 'audio', codec: 'opus' }, { kind: 'video', codec: 'vp8' }] });
      }
      const loss = Math.random() < 0.05 ? 8 : Math.random();
      events.push({ ...base, key: key(), at: at + 3, type: 'media.stats', participant, kind: 'audio', codec: 'opus', inKbps: 30, outKbps: 120, packetLoss: loss, jitterMs: 3, rttMs: 25 });
      events.push({ ...base, key: key(), at: at + 3, type: 'media.stats', participant, kind: 'video', codec: 'vp8', inKbps: 600 + Math.round(Math.random() * 600), outKbps: 2_400, packetLoss: loss, jitterMs: 6, rttMs: 25 });
      if (tick === ticks - 1) events.push({ ...base, key: key(), at: at + 4, type: 'participant.left', participant, reason: 'hangup' });
    }
    if (tick === ticks - 1) events.push({ ...base, key: key(), at: at + 5, type: 'room.closed' });
  });
  return events;
}

/** The same tick as the sample event handler posts it (the rooms' opening and closing come from the portal itself). */
function janusTick(run: Run, tick: number): JanusEvent[] {
  const events: JanusEvent[] = [];
  const at = (run.t0 + tick * 2_000) * 1_000;
  run.meetingIds.forEach((meetingId, m) => {
    participantsOf(m).forEach((participant, p) => {
      const handle = { emitter: 'bench-node', session_id: 1_000_000 + m * 100 + p, handle_id: 2_000_000 + m * 100 + p, opaque_id: opaqueIdOf(meetingId, participant) };
      if (tick === 0) {
        events.push({ ...handle, type: 64, timestamp: at + 1, event: { plugin: 'janus.plugin.videoroom', data: { event: 'joined', room: 1234, id: 3_000 + p, display: `Guest ${p}` } } });
        events.push({ ...handle, type: 64, timestamp: at + 2, event: { plugin: 'janus.plugin.videoroom', data: { event: 'published', room: 1234, id: 3_000 + p, streams: [{ type: 'audio', mid: '0', codec: 'opus' }, { type: 'video', mid: '1', codec: 'vp8' }] } } });
      }
      for (const [media, codec, bytes] of [['audio', 'opus', 3_800], ['video', 'vp8', 95_000]] as const) {
        events.push({
          ...handle,
          type: 32,
          subtype: 3,
          timestamp: at + 3 + (media === 'video' ? 1 : 0),
          event: { mid: media === 'audio' ? '0' : '1', media, codec, base: media === 'audio' ? 48_000 : 90_000, rtt: 25, lost: Math.floor(Math.random() * 3), 'jitter-local': 4, 'jitter-remote': 3, 'packets-received': 100 * (tick + 1), 'packets-sent': 0, 'bytes-received-lastsec': bytes, 'bytes-sent-lastsec': 0 },
        });
      }
      if (tick === ticks - 1) events.push({ ...handle, type: 2, timestamp: at + 10, event: { name: 'detached', plugin: 'janus.plugin.videoroom', opaque_id: handle.opaque_id } });
    });
  });
  return events;
}

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
    const direct = await seed(database, 'benchdirect');
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
    const viaHttp = await seed(database, 'benchhttp');
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
