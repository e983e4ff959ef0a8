// Opens the database the config names: PostgreSQL when DATABASE_URL is set, else the embedded
// PGlite in DATA_DIR. Migrations run as the connecting (owner) role; every request transaction
// switches to `portal_app`, which row-level security confines to one tenant (see
// drizzle/0001_row_level_security.sql). PGlite's default user is a superuser, and superusers
// bypass RLS even when it is FORCEd, so the SET ROLE is what makes the policies apply there too.
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import type { ServerConfig } from '../config.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { batchedClient } from './pglite-client.ts';
import { maintainTables, type Maintenance } from './pglite-maintenance.ts';
import { isUuid } from './keyset.ts';
import type { Database } from './types.ts';
import { measureTransaction, poolSize } from './metrics.ts';
import { inSpan, SpanKind } from '../tracing.ts';

export type DatabaseKind = 'pglite' | 'postgres';

/**
 * `plans: 'generic'`: the transaction's prepared statements use the plan made once for all their
 * values, never one planned again for the values at hand. PostgreSQL keeps re-planning a statement
 * whose one plan it prices above planning for each value, as it does a page after a cursor: 0.1 to
 * 0.2 ms each time on PGlite. Only for statements whose plan does not depend on their values (a
 * page read in index order with a literal LIMIT, `literalLimit`), not for a search's pattern.
 */
export type TransactionOptions = {
  plans?: 'generic';
  /**
   * The work only reads. On PGlite its COMMIT goes with the next call into the database instead of
   * one of its own (kernel/db/pglite-client.ts `deferCommit`); work that writes after all commits at once,
   * told by its statements' answers (INSERT, UPDATE, DELETE...): not for work that writes through
   * a statement answering SELECT (a function that writes, a data-modifying WITH).
   */
  readOnly?: boolean;
};

/** Messages to every process listening on a channel of this database; a payload is at most 8000 bytes. */
export type NotifyChannel = {
  notify: (channel: string, payload: string) => Promise<void>;
  /** Listens on its own connection; answers the function that stops listening. */
  listen: (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>;
};

export type AppDatabase = {
  kind: DatabaseKind;
  /** Applies pending migrations from apps/server/drizzle (or `folder`, for tests of a migration), as the owner. */
  migrate: (folder?: string) => Promise<void>;
  /**
   * Runs `fn` while no other server process on this database runs its own: replicas starting
   * together migrate and seed one after the other, so each migration and the first start's seed
   * happen once. PostgreSQL: a session advisory lock; PGlite: the data-directory lock already
   * admits one process.
   */
  exclusively: <T>(fn: () => Promise<T>) => Promise<T>;
  /** One transaction as `portal_app` with `app.tenant_id` set: RLS shows only this tenant's rows. */
  withTenant: <T>(tenantId: string, fn: (tx: Database) => Promise<T>, options?: TransactionOptions) => Promise<T>;
  /** One transaction as `portal_app` with `app.platform = on`, for the few cross-tenant reads. */
  withPlatform: <T>(fn: (tx: Database) => Promise<T>) => Promise<T>;
  /**
   * PostgreSQL's LISTEN/NOTIFY, for what every server replica must hear at once (the live bus);
   * null on PGlite, where the data-directory lock admits one process, so telling it is enough.
   */
  channel: NotifyChannel | null;
  /** PGlite: vacuums and analyses the tables autovacuum would have (it has no autovacuum); PostgreSQL: null, its own autovacuum does. */
  maintain: () => Promise<Maintenance | null>;
  /** Checkpoints (PGlite), closes and releases the data-directory lock. Safe to call twice. */
  close: () => Promise<void>;
};

/** Connections of the PostgreSQL pool (PGlite has its one). */
const poolMax = 10;

/** The advisory lock key of a server's start (migrations, first seed): any fixed 64-bit number, "portal" in ASCII. */
const startupLockKey = '123623963910508';

export const migrationsFolder = fileURLToPath(new URL('../../../drizzle', import.meta.url));

/**
 * The embedded database of `dataDir` (`<dataDir>/pglite`) with the extensions the migrations use;
 * `loadDataDir`: a directory dumped by PGlite's `dumpDataDir` to start a new one from (kernel/db/dump.ts).
 * The caller holds the data-directory lock.
 */
export const createPglite = (dataDir: string, loadDataDir?: Blob) => PGlite.create(join(dataDir, 'pglite'), { extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) });

/** How often PGlite is maintained and checkpointed while it runs (see openDatabase). */
const CHECKPOINT_EVERY_MS = 60_000;


type Transactional = { transaction: <T>(fn: (tx: unknown) => Promise<T>) => Promise<T> };

/** Settings of a request transaction, as SQL text: only the checked tenant id is ever put in it. */
type ScopeSettings = string;

/** Runs the settings in the transaction `tx` before any query of the request; `readOnly` as TransactionOptions says. */
type ApplySettings = (tx: Database, settings: ScopeSettings, readOnly: boolean) => Promise<unknown>;

// postgres.js: the settings go straight to the transaction's connection (drizzle's session keeps it
// as `client`), queued there at once, before the request's first query can be: see `pipelined`.
const applyOnConnection: ApplySettings = (tx, settings) =>
  (tx as unknown as { session: { client: { unsafe: (query: string) => { execute: () => Promise<unknown> } } } }).session.client.unsafe(settings).execute();

// On PGlite the settings wait on the transaction's own handle (drizzle's PgliteSession keeps it as
// `client`) and go with its BEGIN and its first query, in one call into the database
// (kernel/db/pglite-client.ts, `queue`); like `pipelined`, an error in them is what that query throws.
const applyWithQueue: ApplySettings = async (tx, settings, readOnly) => {
  const { client } = (tx as unknown as { session: { client: { queue: (query: string) => void; deferCommit: () => void } } }).session;
  client.queue(settings);
  if (readOnly) client.deferCommit();
};

/**
 * `pipelined` (postgres.js): the settings are sent without waiting for their answer, and the
 * request's first query follows on the same connection right behind them. A connection runs its
 * statements in the order sent, so that query still runs under the settings (row-level security
 * applies as before); the request saves one round trip per transaction. A failure of the settings
 * is what the transaction throws, even when the query behind them failed first because of it.
 */
/**
 * A transaction measured (metrics.ts) and, inside a request's or a job's span, traced: one span per
 * transaction rather than per statement, for the reason metrics.ts gives, and since neither
 * postgres.js nor PGlite has a per-query hook an instrumentation could use.
 */
const observed = <T>(scope: 'tenant' | 'platform', transaction: () => Promise<T>) =>
  inSpan(`db transaction ${scope}`, { kind: SpanKind.CLIENT, childOnly: true, attributes: { 'db.system.name': 'postgresql', 'portal.db.scope': scope } }, () => measureTransaction(scope, transaction));

function scopedTransactions(db: Transactional, apply: ApplySettings, pipelined = false) {
  const run = <T>(settings: ScopeSettings, fn: (tx: Database) => Promise<T>, readOnly = false) =>
    db.transaction(async (raw) => {
      const tx = raw as Database;
      if (!pipelined) {
        await apply(tx, settings, readOnly);
        return fn(tx);
      }
      const applied = apply(tx, settings, readOnly);
      applied.catch(() => {}); // awaited below, in both outcomes
      let result: T;
      try {
        result = await fn(tx);
      } catch (error) {
        await applied;
        throw error;
      }
      await applied;
      return result;
    });
  return {
    withTenant: <T>(tenantId: string, fn: (tx: Database) => Promise<T>, options?: TransactionOptions) => {
      // The policy casts the setting to uuid: a malformed id would fail every query instead of
      // matching none. The check also makes the id safe to write into the settings' SQL text.
      if (!isUuid(tenantId)) throw new Error(`Not a tenant id: ${tenantId}`);
      const plans = options?.plans === 'generic' ? `, set_config('plan_cache_mode', 'force_generic_plan', true)` : '';
      return observed('tenant', () => run(`select set_config('role', 'portal_app', true), set_config('app.tenant_id', '${tenantId}', true)${plans}`, fn, options?.readOnly));
    },
    withPlatform: <T>(fn: (tx: Database) => Promise<T>) =>
      observed('platform', () => run(`select set_config('role', 'portal_app', true), set_config('app.platform', 'on', true)`, fn)),
  };
}

/**
 * postgres.js as Drizzle should use it: Drizzle asks for an unnamed statement unless a query is
 * given a name, so PostgreSQL parses and plans every query of every request again. Here each
 * parameterised query is a prepared statement of its connection, kept by its text (Drizzle's text
 * of a query depends only on its shape, never on its values), so a request's queries are parsed
 * once per connection. Statements without parameters (the request's settings, DDL, migrations) or
 * with very many (a bulk insert, whose text changes with its row count) stay unnamed, so the
 * statements a connection keeps stay few. `DATABASE_PREPARE=false` turns it off for a pooler that
 * cannot keep them (PgBouncer in transaction mode).
 */
type Sql = postgres.Sql;
const preparable = (parameters: number) => parameters > 0 && parameters <= 100;
function preparing(sql: Sql): Sql {
  return new Proxy(sql, {
    get(target, property, receiver) {
      if (property === 'unsafe') {
        return (query: string, parameters?: postgres.ParameterOrJSON<never>[], options?: postgres.UnsafeQueryOptions) =>
          target.unsafe(query, parameters, { ...options, prepare: preparable(parameters?.length ?? 0) });
      }
      if (property === 'begin' || property === 'savepoint') {
        return (...args: unknown[]) => {
          const run = args.pop() as (tx: Sql) => unknown;
          const open = Reflect.get(target, property, target) as (...a: unknown[]) => unknown;
          return open.apply(target, [...args, (tx: Sql) => run(preparing(tx))]);
        };
      }
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}

export async function openDatabase(config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'> & Partial<Pick<ServerConfig, 'preparedStatements'>>): Promise<AppDatabase> {
  if (config.databaseUrl) {
    // Never print the connection string's password in notices.
    const client = postgres(config.databaseUrl, { max: poolMax, onnotice: () => {} });
    poolSize.set(poolMax);
    const db = drizzlePostgres({ client: config.preparedStatements === false ? client : preparing(client) });
    let closed = false;
    return {
      kind: 'postgres',
      migrate: (folder = migrationsFolder) => migratePostgres(db, { migrationsFolder: folder }),
      exclusively: async (fn) => {
        // One connection holds the lock for the whole run; the work itself uses the pool.
        const holder = await client.reserve();
        try {
          await holder.unsafe(`select pg_advisory_lock(${startupLockKey})`);
          return await fn();
        } finally {
          await holder.unsafe(`select pg_advisory_unlock(${startupLockKey})`).catch(() => undefined);
          holder.release();
        }
      },
      ...scopedTransactions(db, applyOnConnection, true),
      channel: {
        notify: async (channel, payload) => void (await client.notify(channel, payload)),
        listen: async (channel, onPayload) => {
          const { unlisten } = await client.listen(channel, onPayload);
          return unlisten;
        },
      },
      maintain: async () => null,
      close: async () => {
        if (closed) return;
        closed = true;
        await client.end({ timeout: 5 });
      },
    };
  }

  const lock = lockDataDir(config.dataDir);
  let client: PGlite;
  try {
    // PGlite serialises all work on its one connection itself: queries outside a transaction
    // wait for the running transaction, so concurrent requests queue instead of interleaving.
    client = await createPglite(config.dataDir);
  } catch (error) {
    lock.release();
    throw error;
  }
  // Drizzle's queries go through the batched client (kernel/db/pglite-client.ts): one call into PGlite each once prepared, not six.
  // Every call into the database goes through it, CHECKPOINT too: a call sends first what waits for the next one.
  const batched = batchedClient(client);
  poolSize.set(1);
  const db = drizzlePglite({ client: batched as PGlite });
  // PGlite runs no background checkpointer: between starts, only a full WAL (max_wal_size, 1 GB)
  // checkpoints, and after a crash (kill -9, power loss) every write since then is replayed
  // before the directory opens. A checkpoint a minute bounds that replay to a minute of writes
  // (bench:crash checks reopening within 2 s). It waits, like any query, for a running transaction.
  // Before it, the tables autovacuum would have vacuumed or analysed are (kernel/db/pglite-maintenance.ts).
  const maintain = () => maintainTables(db);
  const checkpoints = setInterval(
    () =>
      void maintain()
        .catch(() => {})
        .then(() => batched.exec('CHECKPOINT'))
        .catch(() => {}),
    CHECKPOINT_EVERY_MS,
  );
  checkpoints.unref();
  let closing: Promise<void> | null = null;
  return {
    kind: 'pglite',
    migrate: (folder = migrationsFolder) => migratePglite(db, { migrationsFolder: folder }),
    exclusively: (fn) => fn(),
    channel: null,
    ...scopedTransactions(db, applyWithQueue),
    maintain,
    close: () => {
      closing ??= (async () => {
        clearInterval(checkpoints);
        try {
          // PGlite runs without fsync: a checkpoint flushes everything before the files are closed.
          await batched.exec('CHECKPOINT');
          await client.close();
        } finally {
          lock.release();
        }
      })();
      return closing;
    },
  };
}
