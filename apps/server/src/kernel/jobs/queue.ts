// The database job queue: background work that survives a restart and runs once even with several
// server replicas (recording conversion, retention, billing cycle ends, reminders). A small table
// (`jobs`) claimed with `FOR UPDATE SKIP LOCKED` rather than a library: pg-boss and graphile-worker
// open their own PostgreSQL connections and cannot run on the embedded PGlite, which is the
// default database; the mail outbox has used the same lease pattern since the start.
//
// A claim is a lease, not a state: a claimed job stays `queued` with `run_at` pushed `leaseSeconds`
// ahead and its attempt counted, so a worker that dies mid-job leaves nothing to clean up and any
// worker takes the job again once the lease has run out. A failed attempt is retried with
// exponential backoff until `max_attempts`, then the job is `failed` with its last error.
//
// Time is the queue's clock (`now`), never the database's: tests move it across cycle ends and
// retention periods and call `runDue()` instead of waiting.
//
// Long work (a recording's picture re-encoded for as long as the meeting lasted) is registered
// `detached`: it runs beside the poll loop, one such job at a time per process, so mails, webhooks
// and billing keep going meanwhile; such a handler extends its own lease (`extendLease`) to the time
// it expects to need, so no other replica takes the job while it still runs.
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { jobs } from '../db/schema.ts';
import type { Database } from '../db/types.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { counter } from '../metrics.ts';
import { inSpan, markFailed, type Span } from '../tracing.ts';

export type JobClock = () => Date;

export type Job = { id: string; kind: string; payload: Record<string, unknown>; attempts: number; maxAttempts: number };

export type JobContext = {
  /** The queue's clock at the start of this run. */
  now: Date;
  log: JobLog;
  /** Keeps the job this worker's for `seconds` more from now (the claim's lease covers ten minutes). */
  extendLease: (seconds: number) => Promise<void>;
};

export type JobKindOptions = {
  /** Runs beside the poll loop rather than in it (long work), one detached job at a time per process. */
  detached?: boolean;
};
export type JobHandler = (job: Job, context: JobContext) => Promise<void>;

export type JobLog = {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

/** Thrown by a handler when retrying cannot help (the input is gone or invalid): the job fails at once. */
export class PermanentJobError extends Error {}

export type NewJob = {
  kind: string;
  payload?: Record<string, unknown>;
  /** Not before then; default now. */
  runAt?: Date;
  /** At most one job per key, ever: a second enqueue with the same key is ignored. */
  dedupeKey?: string;
  maxAttempts?: number;
};

/**
 * Queues a job in the caller's transaction, so the job exists exactly when the change that asked
 * for it commits. Works from a tenant's scope too: the table lets anyone insert, only the worker read.
 * A `dedupeKey` is checked in a savepoint: row-level security refuses `ON CONFLICT` to a scope that
 * may not read the queue, and a plain unique violation would abort the caller's transaction.
 */
export async function enqueueJob(tx: Database, job: NewJob, now: Date = new Date()): Promise<void> {
  const values = { kind: job.kind, payload: job.payload ?? {}, runAt: job.runAt ?? now, dedupeKey: job.dedupeKey ?? null, maxAttempts: job.maxAttempts ?? 5 };
  if (values.dedupeKey === null) {
    await tx.insert(jobs).values(values);
    return;
  }
  try {
    await tx.transaction((savepoint) => savepoint.insert(jobs).values(values));
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
}

/** A job the queue creates by itself every `everySeconds` (one per period, whatever the replicas). */
export type Schedule = { kind: string; everySeconds: number; payload?: Record<string, unknown> };

export type JobQueueOptions = {
  database: { withPlatform: <T>(fn: (tx: Database) => Promise<T>) => Promise<T> };
  log: JobLog;
  clock?: JobClock;
  batchSize?: number;
  leaseSeconds?: number;
  /** First retry delay; doubles per failed attempt. */
  retryBaseSeconds?: number;
};

export type JobQueue = {
  /** The handler of `kind`; registered once, by the feature that owns the work. */
  register: (kind: string, handler: JobHandler, options?: JobKindOptions) => void;
  /** Adds a periodic job, queued once per period from the next poll on. */
  schedule: (schedule: Schedule) => void;
  enqueue: (tx: Database, job: NewJob) => Promise<void>;
  now: JobClock;
  /** When a job whose `attempts`-th attempt failed at `at` runs again (exponential backoff), for screens that show the next retry. */
  retryAt: (attempts: number, at: Date) => Date;
  /** Claims and runs what is due now (in batches until none is left, detached jobs included); answers how many ran. */
  runDue: () => Promise<number>;
  /** Polls every `pollIntervalMs` until stopped (the server); tests call `runDue` instead. */
  start: (pollIntervalMs?: number) => void;
  /** Stops polling and waits for the running batch. */
  stop: () => Promise<void>;
};

const finished = counter({ name: 'portal_jobs_finished_total', help: 'Job attempts this process ran, by kind and outcome (done; retried: failed, runs again later; failed: for good)', labelNames: ['kind', 'outcome'] });

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);

export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { database, log } = options;
  const now = options.clock ?? (() => new Date());
  const batchSize = options.batchSize ?? 5;
  const leaseSeconds = options.leaseSeconds ?? 600;
  const retryBaseSeconds = options.retryBaseSeconds ?? 30;
  const handlers = new Map<string, JobHandler>();
  const detachedKinds = new Set<string>();
  /** The detached job running in this process, if any, and its claim. */
  let detached: Promise<void> | null = null;
  let detachedJob: Job | null = null;
  const schedules: Schedule[] = [];
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let stopped = false;

  const queueSchedules = async (at: Date) => {
    if (schedules.length === 0) return;
    await database.withPlatform(async (tx) => {
      for (const { kind, everySeconds, payload } of schedules) {
        const period = Math.floor(at.getTime() / 1000 / everySeconds) * everySeconds;
        await enqueueJob(tx, { kind, payload, runAt: new Date(period * 1000), dedupeKey: `${kind}@${new Date(period * 1000).toISOString()}` }, at);
      }
    });
  };

  const claim = (at: Date) =>
    database.withPlatform(async (tx) => {
      // While a detached job runs, this process claims no other one: the next waits for a free worker.
      const kinds = [...handlers.keys()].filter((kind) => !(detached && detachedKinds.has(kind)));
      if (kinds.length === 0) return [];
      const due = tx
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.status, 'queued'), lte(jobs.runAt, at), inArray(jobs.kind, kinds)))
        .orderBy(asc(jobs.runAt))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      return tx
        .update(jobs)
        .set({ runAt: new Date(at.getTime() + leaseSeconds * 1000), attempts: sql`${jobs.attempts} + 1` })
        .where(inArray(jobs.id, due))
        .returning({ id: jobs.id, kind: jobs.kind, payload: jobs.payload, attempts: jobs.attempts, maxAttempts: jobs.maxAttempts });
    });

  // A claim is this worker's while the job's attempt count is the one it claimed with: once the lease
  // ran out and another worker took the job (counting an attempt), this one's writes change nothing.
  const claimOf = (job: Job) => and(eq(jobs.id, job.id), eq(jobs.attempts, job.attempts));

  const finish = (job: Job, at: Date) =>
    database.withPlatform((tx) => tx.update(jobs).set({ status: 'done', finishedAt: at, lastError: null }).where(claimOf(job)));

  const retryAt = (attempts: number, at: Date) => new Date(at.getTime() + retryBaseSeconds * 1000 * 2 ** (attempts - 1));

  const fail = async (job: Job, error: unknown, at: Date) => {
    const last = error instanceof PermanentJobError || job.attempts >= job.maxAttempts;
    const next = retryAt(job.attempts, at);
    finished.inc({ kind: job.kind, outcome: last ? 'failed' : 'retried' });
    await database.withPlatform((tx) =>
      tx
        .update(jobs)
        .set(last ? { status: 'failed', finishedAt: at, lastError: messageOf(error) } : { runAt: next, lastError: messageOf(error) })
        .where(claimOf(job)),
    );
  };

  const extendLease = (job: Job) => async (seconds: number) => {
    await database.withPlatform((tx) => tx.update(jobs).set({ runAt: new Date(now().getTime() + seconds * 1000) }).where(claimOf(job)));
  };

  // A trace of its own per run (README, Tracing): the handler's transactions and requests are its children.
  const runOne = (job: Job, at: Date) => inSpan(`job ${job.kind}`, { attributes: { 'portal.job.kind': job.kind, 'portal.job.id': job.id, 'portal.job.attempt': job.attempts } }, (span) => attempt(job, at, span));

  const attempt = async (job: Job, at: Date, span: Span): Promise<void> => {
    const handler = handlers.get(job.kind);
    try {
      if (!handler) throw new PermanentJobError(`No handler for ${job.kind}`);
      await handler(job, { now: at, log, extendLease: extendLease(job) });
      await finish(job, now());
      finished.inc({ kind: job.kind, outcome: 'done' });
    } catch (error) {
      log.warn({ job: job.id, kind: job.kind, attempt: job.attempts, err: error }, 'job failed');
      markFailed(span, error);
      await fail(job, error, now());
    }
  };

  const runBatch = async (): Promise<number> => {
    const at = now();
    const claimed = await claim(at);
    for (const job of claimed) {
      if (!detachedKinds.has(job.kind)) {
        await runOne(job, at);
      } else if (detached) {
        // Claimed in the same batch as another detached job: back to the queue, due at once.
        await database.withPlatform((tx) => tx.update(jobs).set({ runAt: at, attempts: sql`${jobs.attempts} - 1` }).where(claimOf(job)));
      } else {
        detachedJob = job;
        detached = runOne(job, at)
          .catch((error: unknown) => log.error({ err: error, job: job.id }, 'a detached job could not be recorded'))
          .finally(() => {
            detached = null;
            detachedJob = null;
          });
      }
    }
    return claimed.length;
  };

  /** `waitForDetached`: tests (runDue) see detached jobs finished; the poll loop goes on without them. */
  const runAll = async (waitForDetached: boolean): Promise<number> => {
    await queueSchedules(now());
    let total = 0;
    for (;;) {
      const ran = await runBatch();
      total += ran;
      if (waitForDetached && detached && ran < batchSize && !stopped) {
        await detached;
        continue;
      }
      if (ran < batchSize || stopped) return total;
    }
  };

  const runDue = () => runAll(true);

  const tick = async (pollIntervalMs: number) => {
    if (stopped) return;
    running = runAll(false).catch((error: unknown) => {
      log.error({ err: error }, 'job queue poll failed');
      return 0;
    });
    await running;
    running = null;
    if (!stopped) timer = setTimeout(() => void tick(pollIntervalMs), pollIntervalMs);
  };

  return {
    register: (kind, handler, options = {}) => {
      if (handlers.has(kind)) throw new Error(`Job kind ${kind} is registered twice`);
      handlers.set(kind, handler);
      if (options.detached) detachedKinds.add(kind);
    },
    schedule: (schedule) => {
      if (!(schedule.everySeconds >= 1)) throw new Error(`Schedule ${schedule.kind} needs everySeconds ≥ 1`);
      schedules.push(schedule);
    },
    enqueue: (tx, job) => enqueueJob(tx, job, now()),
    now,
    retryAt,
    runDue,
    start: (pollIntervalMs = 2000) => {
      stopped = false;
      if (!timer && !running) timer = setTimeout(() => void tick(pollIntervalMs), 0);
    },
    // A detached job still running is not waited for (it may take an hour): it is handed back, due
    // now, so the next worker starts it again instead of waiting out the lease it extended; the
    // interrupted attempt counts, so this worker's late writes no longer match the next claim. (Its tool processes end
    // with the server's process group, as a service manager or container stops them.)
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
      const handedBack = detachedJob;
      if (handedBack) {
        await database.withPlatform((tx) => tx.update(jobs).set({ runAt: now() }).where(claimOf(handedBack)));
      }
    },
  };
}
