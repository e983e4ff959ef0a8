// On PGlite every request waits for the one connection, and the session check was a whole
// transaction of each request. This cache keeps the answer of `authenticate` per session in this
// process until the next write (kernel/db/process-cache.ts), so a role change, a disabled account or an
// ended session still applies to the caller's next request. With PostgreSQL there is no cache and
// every request reads the session row.
import { createHash } from 'node:crypto';
import type { AppDatabase } from '../kernel/db/database.ts';
import { processCacheFor, type ProcessCache } from '../kernel/db/process-cache.ts';
import type { Authentication } from './sessions.ts';

/** Bounds memory under a flood of distinct sessions. */
const maxEntries = 10_000;

/** The cache of this database, or null when other processes may write to it (PostgreSQL). */
export function principalCacheFor(database: AppDatabase): ProcessCache<Authentication> | null {
  return processCacheFor<Authentication>(database, 'principals', maxEntries);
}

/** Keeps a signed-in caller's answer while it is fresh; anonymous answers are never kept. */
export function keepPrincipal(cache: ProcessCache<Authentication>, key: string, auth: Authentication, readAtGeneration: number): void {
  if (auth.freshUntil === undefined || auth.principal.kind === 'anonymous') return;
  cache.set(key, auth, readAtGeneration, auth.freshUntil);
}

/** The credential's key: tenant plus a digest of the secret, so the secret itself is not kept. */
export function credentialKey(tenantId: string, credential: { kind: 'cookie' | 'bearer'; secret: string }): string {
  return `${tenantId}:${credential.kind}:${createHash('sha256').update(credential.secret).digest('base64url')}`;
}
