// What the job queue holds, by kind and state, for the metrics scrape (app/metrics.ts): one grouped
// read over the jobs not done. A claim is a lease, not a state (queue.ts), so the states are told
// from the row: `running` is claimed (attempted, leased ahead, no error yet), `retrying` waits out the
// backoff after a failed attempt (or runs its retry: the row cannot tell), `scheduled` is not due
// yet, `queued` is due and waiting for a worker, `failed` failed for good.
import { inArray, sql } from 'drizzle-orm';
import { jobs } from '../db/schema.ts';
import type { Database } from '../db/types.ts';

export type JobState = 'queued' | 'scheduled' | 'running' | 'retrying' | 'failed';
export type JobDepth = { kind: string; state: JobState; count: number };

export async function jobDepth(database: { withPlatform: <T>(fn: (tx: Database) => Promise<T>) => Promise<T> }, at: Date): Promise<JobDepth[]> {
  const state = sql<JobState>`case
    when ${jobs.status} = 'failed' then 'failed'
    when ${jobs.runAt} <= ${at.toISOString()}::timestamptz then 'queued'
    when ${jobs.attempts} = 0 then 'scheduled'
    when ${jobs.lastError} is null then 'running'
    else 'retrying' end`;
  return database.withPlatform((tx) =>
    tx
      .select({ kind: jobs.kind, state, count: sql<number>`count(*)::int` })
      .from(jobs)
      // The index on (status, run_at) finds them without reading the done ones.
      .where(inArray(jobs.status, ['queued', 'failed']))
      // By position: the state's text, bound twice, would be two expressions to PostgreSQL.
      .groupBy(sql`1, 2`),
  );
}
