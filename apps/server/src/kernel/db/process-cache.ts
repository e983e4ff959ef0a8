// Answers kept in this process between writes, on PGlite only. On PGlite every request waits for
// the one embedded connection, so an answer that needs no database at all is the cheapest there
// is. That is safe because the data-directory lock admits one process: every write to the
// database passes through this process, and `dropProcessCaches` runs after each finished API
// write (app/routes.ts) and after the few writes made outside a write request (sign-in callback,
// tenant deletion). An answer read while a write was under way is not kept (generations). With
// PostgreSQL, where other replicas write too, there are no such caches: `processCacheFor` answers
// null and every caller reads the database.
import type { AppDatabase } from './database.ts';

export type ProcessCache<V> = {
  get: (key: string, now?: number) => V | null;
  /** The generation to hand back to `set`: an answer read before a write finished is not kept. */
  generation: () => number;
  /** Keeps `value` until `until` (epoch ms), unless a write finished since `readAtGeneration`. */
  set: (key: string, value: V, readAtGeneration: number, until: number) => void;
  clear: () => void;
};

type Entry<V> = { value: V; until: number };

export function createProcessCache<V>(maxEntries: number): ProcessCache<V> {
  let generation = 0;
  let entries = new Map<string, Entry<V>>();
  return {
    get(key, now = Date.now()) {
      const entry = entries.get(key);
      if (!entry) return null;
      if (entry.until > now) return entry.value;
      entries.delete(key);
      return null;
    },
    generation: () => generation,
    set(key, value, readAtGeneration, until) {
      if (readAtGeneration !== generation) return;
      // Bounds memory under a flood of distinct keys; past it the cache starts over.
      if (entries.size >= maxEntries) entries = new Map();
      entries.set(key, { value, until });
    },
    clear() {
      generation += 1;
      entries = new Map();
    },
  };
}

const registries = new WeakMap<AppDatabase, Map<string, ProcessCache<unknown>>>();
const uncached = new WeakSet<AppDatabase>();

/** Every read of this database goes to the database from now on (the benchmark's `--no-cache`). */
export function disableProcessCaches(database: AppDatabase): void {
  uncached.add(database);
  dropProcessCaches(database);
}

/** This database's cache of that name, created on first use; null when other processes may write (PostgreSQL). */
export function processCacheFor<V>(database: AppDatabase, name: string, maxEntries: number): ProcessCache<V> | null {
  if (database.kind !== 'pglite' || uncached.has(database)) return null;
  let registry = registries.get(database);
  if (!registry) registries.set(database, (registry = new Map()));
  let cache = registry.get(name);
  if (!cache) registry.set(name, (cache = createProcessCache<unknown>(maxEntries)));
  return cache as ProcessCache<V>;
}

/** Call after any write: every answer kept in this process for this database is dropped. */
export function dropProcessCaches(database: AppDatabase): void {
  for (const cache of registries.get(database)?.values() ?? []) cache.clear();
}

/**
 * `load()`'s answer, kept for `ttlMs` in the named cache (PGlite) until the next write; on
 * PostgreSQL simply `load()`. `key` must hold everything the answer depends on, tenant included.
 */
export async function cachedRead<V>(
  database: AppDatabase,
  cache: { name: string; maxEntries: number; ttlMs: number },
  key: string,
  load: () => Promise<V>,
): Promise<V> {
  const store = processCacheFor<V>(database, cache.name, cache.maxEntries);
  if (!store) return load();
  const hit = store.get(key);
  if (hit !== null) return hit;
  const generation = store.generation();
  const value = await load();
  store.set(key, value, generation, Date.now() + cache.ttlMs);
  return value;
}
