// The database's metrics (README, Metrics), taken at the one place every request and job reaches
// it: the transaction of withTenant and withPlatform (database.ts). A transaction, not a statement:
// it is what holds a pool connection (on PGlite, the one connection everything queues for), so its
// time, and how many are open against the pool's size, are what says the database is the bottleneck.
import { gauge, histogram, latencyBuckets } from '../metrics.ts';

const durations = histogram({
  name: 'portal_db_transaction_duration_seconds',
  help: 'Time of each database transaction (its queries and the work between them), by scope (tenant or platform) and outcome (commit or rollback)',
  labelNames: ['scope', 'outcome'],
  buckets: latencyBuckets,
});

const open = gauge({ name: 'portal_db_transactions_open', help: 'Database transactions running now, each holding a pool connection (or waiting for one)' });

export const poolSize = gauge({ name: 'portal_db_pool_connections_max', help: 'Connections the database pool opens at most (PGlite: 1)' });

export async function measureTransaction<T>(scope: 'tenant' | 'platform', transaction: () => Promise<T>): Promise<T> {
  const end = durations.startTimer({ scope });
  open.inc();
  try {
    const result = await transaction();
    end({ outcome: 'commit' });
    return result;
  } catch (error) {
    end({ outcome: 'rollback' });
    throw error;
  } finally {
    open.dec();
  }
}
