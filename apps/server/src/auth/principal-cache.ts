// On PGlite every request waits for the one connection, and the session check was a whole
// transaction of each request. This cache keeps the answer of `authenticate` per session in this
// process, and drops all of it whenever any API write finishes (see `invalidatePrincipals` in
// http/routes.ts), so a role change, a disabled account or an ended session still applies to the
// caller's next request. That reasoning needs every writer of the database in this process, which
// holds on PGlite alone (the data-directory lock admits one process); with PostgreSQL, where other
// replicas write too, there is no cache and every request reads the session row.
import { createHash } from 'node:crypto';
import type { AppDatabase } from '../db/database.ts';
import type { Authentication } from './sessions.ts';

type Entry = { auth: Authentication; until: number };

export type PrincipalCache = {
  get: (key: string, now?: number) => Authentication | null;
  /** The generation to hand back to `set`: an answer read before a write finished is not kept. */
  generation: () => number;
  set: (key: string, auth: Authentication, readAtGeneration: number) => void;
  invalidate: () => void;
};

/** Bounds memory under a flood of distinct sessions; past it the cache starts over. */
const maxEntries = 10_000;

export function createPrincipalCache(): PrincipalCache {
  let generation = 0;
  let entries = new Map<string, Entry>();
  return {
    get(key, now = Date.now()) {
      const entry = entries.get(key);
      if (!entry) return null;
      if (entry.until > now) return entry.auth;
      entries.delete(key);
      return null;
    },
    generation: () => generation,
    set(key, auth, readAtGeneration) {
      if (readAtGeneration !== generation || auth.freshUntil === undefined || auth.principal.kind === 'anonymous') return;
      if (entries.size >= maxEntries) entries = new Map();
      entries.set(key, { auth, until: auth.freshUntil });
    },
    invalidate() {
      generation += 1;
      entries = new Map();
    },
  };
}

const caches = new WeakMap<AppDatabase, PrincipalCache>();

/** The cache of this database, or null when other processes may write to it (PostgreSQL). */
export function principalCacheFor(database: AppDatabase): PrincipalCache | null {
  if (database.kind !== 'pglite') return null;
  let cache = caches.get(database);
  if (!cache) caches.set(database, (cache = createPrincipalCache()));
  return cache;
}

/** Call after any write outside an API request that changes users, roles or sessions (jobs, scripts). */
export function invalidatePrincipals(database: AppDatabase): void {
  caches.get(database)?.invalidate();
}

/** The credential's key: tenant plus a digest of the secret, so the secret itself is not kept. */
export function credentialKey(tenantId: string, credential: { kind: 'cookie' | 'bearer'; secret: string }): string {
  return `${tenantId}:${credential.kind}:${createHash('sha256').update(credential.secret).digest('base64url')}`;
}
