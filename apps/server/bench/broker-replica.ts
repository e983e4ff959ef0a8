// One server replica of media-broker.bench.ts, in a worker thread of its own (its own event loop,
// its own database connections, its own broker consumer), as a separate process would be: the app
// on PostgreSQL consuming the broker's queue, with the bench's node as the one media node it knows.
import { parentPort, workerData } from 'node:worker_threads';
import { buildApp } from '../src/app/app.ts';
import { loadConfig } from '../src/kernel/config.ts';
import { openDatabase } from '../src/kernel/db/database.ts';
import { unconfiguredMedia } from '../src/media/platform.ts';

const { databaseUrl, amqpUrl, queue, node } = workerData as { databaseUrl: string; amqpUrl: string; queue: string; node: string };
const config = { ...loadConfig({ DATABASE_URL: databaseUrl, AMQP_URL: amqpUrl, AMQP_QUEUE: queue, PORTAL_DEMO: 'false', JANUS_LOCAL: 'false' }), port: 0, host: '127.0.0.1' };
const database = await openDatabase(config);
const app = await buildApp({ config, database, media: { ...unconfiguredMedia, eventSenders: async () => [{ node, secret: null }] } });
parentPort?.postMessage('ready');
parentPort?.once('message', () => {
  void app
    .close()
    .then(() => database.close())
    .then(() => parentPort?.postMessage('closed'));
});
