// The database job queue (src/jobs): runs each job once, even with two replicas polling the same
// database, retries with backoff on the queue's clock, fails a job after its last attempt or at
// once when retrying cannot help, takes over a job whose worker died, and queues a periodic job
// once per period. Tenants may queue work but never read the queue.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobs } from '../src/kernel/db/schema.ts';
import { createJobQueue, PermanentJobError, type Job, type JobQueue } from '../src/kernel/jobs/index.ts';
import { startTestServer, type TestServer } from './harness.ts';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
let server: TestServer;
let clock = new Date('2026-03-01T10:00:00Z');
const at = () => clock;
const advance = (seconds: number) => {
  clock = new Date(clock.getTime() + seconds * 1000);
};

beforeAll(async () => {
  server = await startTestServer({ clock: at });
});
afterAll(async () => {
  await server.close();
});
beforeEach(async () => {
  await server.database.withPlatform((tx) => tx.delete(jobs));
});

function replica(kind: string, handler: (job: Job) => Promise<void>, options: { batchSize?: number } = {}): JobQueue {
  const queue = createJobQueue({ database: server.database, log: quiet, clock: at, retryBaseSeconds: 30, leaseSeconds: 600, ...options });
  queue.register(kind, handler);
  return queue;
}

const row = async (kind: string) => {
  const rows = await server.database.withPlatform((tx) => tx.select().from(jobs).where(eq(jobs.kind, kind)));
  return rows;
};

describe('job queue', () => {
  it('runs a job queued in a tenant transaction once, and ignores a second job with the same key', async () => {
    const ran: unknown[] = [];
    const queue = replica('test.once', async (job) => {
      ran.push(job.payload);
    });
    await server.database.withTenant(server.ids.tenants.acme, async (tx) => {
      await queue.enqueue(tx, { kind: 'test.once', payload: { n: 1 }, dedupeKey: 'once:1' });
      await queue.enqueue(tx, { kind: 'test.once', payload: { n: 2 }, dedupeKey: 'once:1' });
    });
    expect(await queue.runDue()).toBe(1);
    expect(await queue.runDue()).toBe(0);
    expect(ran).toEqual([{ n: 1 }]);
    const [done] = await row('test.once');
    expect(done?.status).toBe('done');
  });

  it('hides the queue from tenant transactions', async () => {
    await server.database.withPlatform((tx) => createJobQueue({ database: server.database, log: quiet }).enqueue(tx, { kind: 'test.hidden' }));
    const seen = await server.database.withTenant(server.ids.tenants.acme, (tx) => tx.select().from(jobs));
    expect(seen).toEqual([]);
    expect(await row('test.hidden')).toHaveLength(1);
  });

  it('waits until a job is due by the queue clock', async () => {
    let runs = 0;
    const queue = replica('test.later', async () => {
      runs += 1;
    });
    await server.database.withPlatform((tx) => queue.enqueue(tx, { kind: 'test.later', runAt: new Date(clock.getTime() + 3600_000) }));
    expect(await queue.runDue()).toBe(0);
    advance(3600);
    expect(await queue.runDue()).toBe(1);
    expect(runs).toBe(1);
  });

  it('retries a failing job with doubling delays and fails it after its last attempt', async () => {
    let runs = 0;
    const queue = replica('test.flaky', async () => {
      runs += 1;
      throw new Error(`attempt ${runs} broke`);
    });
    await server.database.withPlatform((tx) => queue.enqueue(tx, { kind: 'test.flaky', maxAttempts: 3 }));
    expect(await queue.runDue()).toBe(1);
    advance(29);
    expect(await queue.runDue()).toBe(0);
    advance(1);
    expect(await queue.runDue()).toBe(1);
    advance(59);
    expect(await queue.runDue()).toBe(0);
    advance(1);
    expect(await queue.runDue()).toBe(1);
    advance(86_400);
    expect(await queue.runDue()).toBe(0);
    const [failed] = await row('test.flaky');
    expect(runs).toBe(3);
    expect(failed).toMatchObject({ status: 'failed', attempts: 3, lastError: 'attempt 3 broke' });
  });

  it('fails a job at once when its handler says retrying cannot help', async () => {
    const queue = replica('test.hopeless', async () => {
      throw new PermanentJobError('the raw files are gone');
    });
    await server.database.withPlatform((tx) => queue.enqueue(tx, { kind: 'test.hopeless' }));
    await queue.runDue();
    const [failed] = await row('test.hopeless');
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, lastError: 'the raw files are gone' });
  });

  it('runs each of many jobs exactly once with two replicas polling at the same time', async () => {
    const ran: number[] = [];
    const work = async (job: Job) => {
      await new Promise((resolve) => setTimeout(resolve, 2));
      ran.push(job.payload.n as number);
    };
    const first = replica('test.many', work, { batchSize: 3 });
    const second = replica('test.many', work, { batchSize: 3 });
    await server.database.withPlatform(async (tx) => {
      for (let n = 0; n < 30; n += 1) await first.enqueue(tx, { kind: 'test.many', payload: { n } });
    });
    const [a, b] = await Promise.all([first.runDue(), second.runDue()]);
    expect(a + b).toBe(30);
    expect(ran.sort((x, y) => x - y)).toEqual(Array.from({ length: 30 }, (_, n) => n));
  });

  it('gives a job whose worker died to another worker once its lease has run out', async () => {
    let release: () => void = () => {};
    const stuck = replica('test.lease', () => new Promise<void>((resolve) => (release = resolve)));
    let tookOver = 0;
    const other = replica('test.lease', async () => {
      tookOver += 1;
    });
    await server.database.withPlatform((tx) => stuck.enqueue(tx, { kind: 'test.lease' }));
    const dying = stuck.runDue();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await other.runDue()).toBe(0);
    advance(601);
    expect(await other.runDue()).toBe(1);
    expect(tookOver).toBe(1);
    release();
    await dying;
  });

  it('runs a detached job beside the poll loop: other work goes on while it runs, one detached job at a time', async () => {
    const queue = createJobQueue({ database: server.database, log: quiet, clock: at, leaseSeconds: 600 });
    const started: number[] = [];
    const releases: (() => void)[] = [];
    queue.register(
      'test.long',
      (job) =>
        new Promise<void>((resolve) => {
          started.push(job.payload.n as number);
          releases.push(resolve);
        }),
      { detached: true },
    );
    let quick = 0;
    queue.register('test.quick', async () => {
      quick += 1;
    });
    await server.database.withPlatform(async (tx) => {
      await queue.enqueue(tx, { kind: 'test.long', payload: { n: 1 } });
      await queue.enqueue(tx, { kind: 'test.long', payload: { n: 2 } });
    });
    queue.start(10);
    await expect.poll(() => started.length).toBe(1);
    await server.database.withPlatform((tx) => queue.enqueue(tx, { kind: 'test.quick' }));
    await expect.poll(() => quick).toBe(1);
    // The second long job waits for the first, still running, and keeps its attempts.
    expect(started).toHaveLength(1);
    const waiting = (await row('test.long')).find((job) => job.payload.n !== started[0]);
    expect(waiting).toMatchObject({ status: 'queued', attempts: 0 });
    releases[0]?.();
    await expect.poll(() => started.length).toBe(2);
    releases[1]?.();
    await expect.poll(async () => (await row('test.long')).map((job) => job.status)).toEqual(['done', 'done']);
    await queue.stop();
  });

  it('hands a detached job still running back when its worker stops, and ignores that worker finishing it later', async () => {
    let release: () => void = () => {};
    const stopping = createJobQueue({ database: server.database, log: quiet, clock: at, leaseSeconds: 600 });
    stopping.register(
      'test.handback',
      async (_job, { extendLease }) => {
        await extendLease(7200);
        await new Promise<void>((resolve) => (release = resolve));
      },
      { detached: true },
    );
    let next = 0;
    const successor = replica('test.handback', async () => {
      next += 1;
    });
    await server.database.withPlatform((tx) => stopping.enqueue(tx, { kind: 'test.handback' }));
    stopping.start(10);
    await expect.poll(async () => (await row('test.handback'))[0]?.runAt.getTime()).toBe(clock.getTime() + 7200_000);
    await stopping.stop();
    expect(await successor.runDue()).toBe(1);
    expect(next).toBe(1);
    release();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await row('test.handback')).toMatchObject([{ status: 'done', attempts: 2 }]);
  });

  it('keeps a job whose handler extended its lease from another worker until that lease runs out', async () => {
    let release: () => void = () => {};
    const long = createJobQueue({ database: server.database, log: quiet, clock: at, leaseSeconds: 600 });
    long.register('test.extend', async (_job, { extendLease }) => {
      await extendLease(3600);
      await new Promise<void>((resolve) => (release = resolve));
    });
    let tookOver = 0;
    const other = replica('test.extend', async () => {
      tookOver += 1;
    });
    await server.database.withPlatform((tx) => long.enqueue(tx, { kind: 'test.extend' }));
    const running = long.runDue();
    await expect.poll(async () => (await row('test.extend'))[0]?.runAt.getTime()).toBe(clock.getTime() + 3600_000);
    advance(601);
    expect(await other.runDue()).toBe(0);
    advance(3000);
    expect(await other.runDue()).toBe(1);
    expect(tookOver).toBe(1);
    release();
    await running;
  });

  it('queues a periodic job once per period, whichever replicas poll', async () => {
    let runs = 0;
    const make = () => {
      const queue = replica('test.hourly', async () => {
        runs += 1;
      });
      queue.schedule({ kind: 'test.hourly', everySeconds: 3600 });
      return queue;
    };
    const first = make();
    const second = make();
    await Promise.all([first.runDue(), second.runDue()]);
    await first.runDue();
    expect(runs).toBe(1);
    advance(3600);
    await Promise.all([second.runDue(), first.runDue()]);
    expect(runs).toBe(2);
  });
});
