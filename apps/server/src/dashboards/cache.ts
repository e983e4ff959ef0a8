// What the dashboards keep in this process on PGlite (kernel/db/process-cache.ts); on PostgreSQL, where
// other replicas write too, nothing is kept and every read goes to the database.
//
// - Whole answers, for the next reader of the same range: dropped after any API write
//   (app/routes.ts), after any media event applied (the live bus: the ingest, the meeting room,
//   the simulator) and after 30 s, since a participant still in a meeting adds hours as time passes.
// - The history of a range: its figures before the day the earliest running meeting started (or
//   before today), which media events of running meetings cannot change. A live change is checked
//   before the next read: when a changed meeting started before a kept history's cutoff (a late
//   event of an ended meeting, or a meeting reported late), every kept history is dropped. So
//   with meetings running, a read costs only the recent days.
import type { FastifyInstance } from 'fastify';
import type { AppDatabase } from '../kernel/db/database.ts';
import { processCacheFor, type ProcessCache } from '../kernel/db/process-cache.ts';
import { startsOf } from './queries.ts';

export const DASHBOARD_CACHE = { name: 'dashboards', maxEntries: 200, ttlMs: 30_000 };
const HISTORY = { name: 'dashboard-history', maxEntries: 100, ttlMs: 10 * 60_000 };
/** Past this many changed meetings waiting to be checked, every kept history is simply dropped. */
const MAX_PENDING = 5000;

/** Kept figures before a cutoff, for the service (service.ts): null where nothing is kept. */
export type HistoryStore<V> = {
  /** Checks the live changes since the last read; call before `get`. */
  settle: () => Promise<void>;
  get: (key: string) => V | null;
  generation: () => number;
  set: (key: string, value: V, cutoff: Date, readAtGeneration: number) => void;
};

type Watch = { pending: Set<string>; overflow: boolean; latestCutoff: number };
const watches = new WeakMap<FastifyInstance, Watch>();

/** Subscribes once per server: a live change drops every kept answer and queues its meetings for the history check. */
export function watchLiveChanges(server: FastifyInstance): Watch {
  let watch = watches.get(server);
  if (watch) return watch;
  const created: Watch = { pending: new Set(), overflow: false, latestCutoff: Number.NEGATIVE_INFINITY };
  watches.set(server, created);
  watch = created;
  // The bus lives and dies with this server, so the listener needs no removal.
  server.liveBus.subscribe((change) => {
    processCacheFor(server.database, DASHBOARD_CACHE.name, DASHBOARD_CACHE.maxEntries)?.clear();
    for (const id of change.sessionIds) created.pending.add(id);
    if (created.pending.size > MAX_PENDING) created.overflow = true;
  });
  return watch;
}

export function historyStore<V>(server: FastifyInstance): HistoryStore<V> | null {
  const { database } = server;
  const cache = processCacheFor<V>(database, HISTORY.name, HISTORY.maxEntries);
  if (!cache) return null;
  const watch = watchLiveChanges(server);
  return {
    settle: () => settle(database, cache, watch),
    get: (key) => cache.get(key),
    generation: () => cache.generation(),
    set: (key, value, cutoff, readAtGeneration) => {
      const before = cache.generation();
      cache.set(key, value, readAtGeneration, Date.now() + HISTORY.ttlMs);
      if (readAtGeneration === before) watch.latestCutoff = Math.max(watch.latestCutoff, cutoff.getTime());
    },
  };
}

async function settle<V>(database: AppDatabase, cache: ProcessCache<V>, watch: Watch): Promise<void> {
  if (watch.pending.size === 0 && !watch.overflow) return;
  const ids = [...watch.pending];
  const overflow = watch.overflow;
  watch.pending.clear();
  watch.overflow = false;
  // Meetings of every tenant: the platform's kept history counts them all.
  const earliest = overflow ? null : await database.withPlatform((tx) => startsOf(tx, ids));
  if (overflow || (earliest && earliest.getTime() < watch.latestCutoff)) {
    cache.clear();
    watch.latestCutoff = Number.NEGATIVE_INFINITY;
  }
}
