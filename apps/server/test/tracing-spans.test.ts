// The spans the server makes itself (src/kernel/tracing.ts), in process with an in-memory exporter:
// a job's run is a span of its own, failed when the attempt fails, with its database transactions
// as children; a transaction outside any span (the queue's poll) makes none.
import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobs } from '../src/kernel/db/schema.ts';
import { createJobQueue } from '../src/kernel/jobs/index.ts';
import { startTestServer, type TestServer } from './harness.ts';

const exporter = new InMemorySpanExporter();
const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
const quiet = { info: () => {}, warn: () => {}, error: () => {} };
let server: TestServer;

beforeAll(async () => {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  trace.setGlobalTracerProvider(provider);
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
  await provider.shutdown();
  trace.disable();
  context.disable();
});
beforeEach(async () => {
  await server.database.withPlatform((tx) => tx.delete(jobs));
  exporter.reset();
});

describe('spans of jobs and database transactions', () => {
  it("makes a span per job run, its transactions its children, and none for the queue's own poll", async () => {
    const queue = createJobQueue({ database: server.database, log: quiet });
    queue.register('test.traced', async () => {
      await server.database.withTenant(server.ids.tenants.acme, (tx) => tx.execute(sql`select 1`));
    });
    await server.database.withPlatform((tx) => queue.enqueue(tx, { kind: 'test.traced' }));
    exporter.reset();
    expect(await queue.runDue()).toBe(1);

    const spans = exporter.getFinishedSpans();
    const job = spans.find((span) => span.name === 'job test.traced');
    expect(job, spans.map((span) => span.name).join(', ')).toBeDefined();
    expect(job!.attributes['portal.job.kind']).toBe('test.traced');
    expect(job!.parentSpanContext).toBeUndefined();
    const children = spans.filter((span) => span.parentSpanContext?.spanId === job!.spanContext().spanId).map((span) => span.name);
    // The handler's transaction, then the one marking the job done.
    expect(children).toEqual(['db transaction tenant', 'db transaction platform']);
    // The claim ran before the job's span, outside any: no span, no trace of its own.
    expect(spans.filter((span) => span.name.startsWith('db transaction') && span.parentSpanContext === undefined)).toEqual([]);
  });

  it("marks a failed attempt's span failed, with the error", async () => {
    const queue = createJobQueue({ database: server.database, log: quiet });
    queue.register('test.failing', async () => {
      throw new Error('the provider said no');
    });
    await server.database.withPlatform((tx) => queue.enqueue(tx, { kind: 'test.failing' }));
    await queue.runDue();
    const job = exporter.getFinishedSpans().find((span) => span.name === 'job test.failing')!;
    expect(job.status).toMatchObject({ code: 2, message: 'the provider said no' });
    expect(job.events.map((event) => event.name)).toEqual(['exception']);
  });
});
