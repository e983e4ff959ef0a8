// Ingest through RabbitMQ (issue 28 §5): how many Janus events a second one and two server replicas
// apply from the broker's queue into PostgreSQL, beside one replica taking the same run over HTTP.
// A throwaway PostgreSQL and RabbitMQ (tooling/scripts), each replica a worker thread of its own
// (broker-replica.ts), started and consuming before the run's messages (as Janus's RabbitMQ event
// handler groups them, up to 100 events) are published as fast as the broker confirms them; the
// time runs from the first publish until every event is counted for the node.
//
//   node --conditions=@portal/source bench/media-broker.bench.ts [--meetings=40] [--participants=5] [--ticks=30]
import { Worker } from 'node:worker_threads';
import { parseArgs } from 'node:util';
import { connect } from 'amqplib';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../src/kernel/config.ts';
import { openDatabase, type AppDatabase } from '../src/kernel/db/database.ts';
import { mediaNodes } from '../src/kernel/db/schema.ts';
import { declareEventsQueue } from '../src/media/broker.ts';
import { httpCall, loadAverage, log, startThrowawayPostgres } from './bench-lib.ts';
import { janusTick, seedIngestRun, type IngestShape } from './ingest-run.ts';
import { pathToFileURL } from 'node:url';

const GOAL = 10_000;
const { values: args } = parseArgs({ options: { meetings: { type: 'string', default: '40' }, participants: { type: 'string', default: '5' }, ticks: { type: 'string', default: '30' } } });
const shape: IngestShape = { meetings: Number(args.meetings), participants: Number(args.participants), ticks: Number(args.ticks) };
const node = 'bench-node';
const queue = 'portal.media-events';

type Broker = { url: string; stop: () => Promise<void> };
const startBroker = async (): Promise<Broker> => {
  const script = pathToFileURL(new URL('../../../tooling/scripts/rabbitmq.mjs', import.meta.url).pathname).href;
  return ((await import(script)) as { startRabbitmq: () => Promise<Broker> }).startRabbitmq();
};

function startReplica(data: { databaseUrl: string; amqpUrl: string }): Promise<{ stop: () => Promise<void> }> {
  const worker = new Worker(new URL('./broker-replica.ts', import.meta.url), { workerData: { ...data, queue, node } });
  return new Promise((resolve, reject) => {
    worker.once('error', reject);
    worker.once('message', () =>
      resolve({
        stop: () =>
          new Promise<void>((done) => {
            worker.once('message', () => void worker.terminate().then(() => done()));
            worker.postMessage('close');
          }),
      }),
    );
  });
}

const accepted = async (database: AppDatabase) => {
  const [row] = await database.withPlatform((tx) => tx.select({ accepted: mediaNodes.accepted }).from(mediaNodes).where(eq(mediaNodes.name, node)));
  return row?.accepted ?? 0;
};

/** Messages of up to 100 events, as the RabbitMQ event handler groups them. */
function messagesOf(events: unknown[]): Buffer[] {
  const messages: Buffer[] = [];
  for (let i = 0; i < events.length; i += 100) messages.push(Buffer.from(JSON.stringify(events.slice(i, i + 100))));
  return messages;
}

async function throughBroker(database: AppDatabase, databaseUrl: string, broker: Broker, replicas: number): Promise<number> {
  const run = await seedIngestRun(database, `benchmq${replicas}`, shape);
  const events = Array.from({ length: shape.ticks }, (_, tick) => janusTick(run, tick)).flat();
  const running = await Promise.all(Array.from({ length: replicas }, () => startReplica({ databaseUrl, amqpUrl: broker.url })));
  const connection = await connect(broker.url);
  const channel = await connection.createConfirmChannel();
  await declareEventsQueue(channel, queue);
  const before = await accepted(database);
  const started = performance.now();
  for (const message of messagesOf(events)) channel.sendToQueue(queue, message, { contentType: 'application/json' });
  await channel.waitForConfirms();
  while ((await accepted(database)) < before + events.length) await new Promise((resolve) => setTimeout(resolve, 20));
  const ms = performance.now() - started;
  await connection.close();
  await Promise.all(running.map((replica) => replica.stop()));
  const rate = Math.round((events.length / ms) * 1000);
  log(`RabbitMQ, ${replicas} replica${replicas > 1 ? 's' : ''}: ${events.length} Janus events in ${messagesOf(events).length} messages, ${Math.round(ms)} ms from the first publish to the last applied: ${rate} events/s`);
  return rate;
}

async function overHttp(database: AppDatabase, databaseUrl: string): Promise<number> {
  const run = await seedIngestRun(database, 'benchhttppg', shape);
  const { buildApp } = await import('../src/app/app.ts');
  const { unconfiguredMedia } = await import('../src/media/platform.ts');
  const config = { ...loadConfig({ DATABASE_URL: databaseUrl, PORTAL_DEMO: 'false', JANUS_LOCAL: 'false' }), port: 0, host: '127.0.0.1' };
  const replicaDb = await openDatabase(config);
  const app = await buildApp({ config, database: replicaDb, media: { ...unconfiguredMedia, eventSenders: async () => [{ node, secret: 'bench-secret' }] } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const authorization = `Basic ${Buffer.from(`${node}:bench-secret`).toString('base64')}`;
  const bodies = Array.from({ length: shape.ticks }, (_, tick) => janusTick(run, tick)).flatMap((tick) => messagesOf(tick).map((message) => JSON.parse(message.toString()) as unknown));
  let count = 0;
  const started = performance.now();
  for (const body of bodies) {
    const res = await httpCall(port, { method: 'POST', path: '/api/v1/media/events', host: `127.0.0.1:${port}`, headers: { authorization }, body });
    if (res.status !== 200) throw new Error(`ingest answered ${res.status}: ${res.text}`);
    count += (body as unknown[]).length;
  }
  const ms = performance.now() - started;
  await app.close();
  await replicaDb.close();
  const rate = Math.round((count / ms) * 1000);
  log(`HTTP, 1 replica: ${count} Janus events in ${bodies.length} posts, ${Math.round(ms)} ms: ${rate} events/s`);
  return rate;
}

const postgres = await startThrowawayPostgres();
const broker = await startBroker();
try {
  const config = { ...loadConfig({ DATABASE_URL: postgres.url, PORTAL_DEMO: 'false' }), port: 0, host: '127.0.0.1' };
  const database = await openDatabase(config);
  await database.migrate();
  log(`media events through the broker: PostgreSQL, ${shape.meetings} meetings × ${shape.participants} participants, ${shape.ticks} ticks of 2 s (${loadAverage()})`);
  const http = await overHttp(database, postgres.url);
  const one = await throughBroker(database, postgres.url, broker, 1);
  const two = await throughBroker(database, postgres.url, broker, 2);
  log(`two replicas: ${two} events/s (one: ${one}, HTTP one: ${http}); goal ${GOAL} events/s: ${two >= GOAL ? 'met' : 'not met'} (${loadAverage()})`);
  await database.close();
} finally {
  await broker.stop();
  postgres.stop();
}
