// Counters of attempts in a window, shared by every server replica: one table (login_attempts,
// keyed by tenant and a free-form key), each counter raised by one atomic upsert BEFORE the
// attempt is judged, so a burst of concurrent requests cannot all count below a limit. Sign-in,
// share-link passwords, OAuth client secrets and the public account operations count here.
// Keys of other kinds than sign-in's emails contain a space, which no email has.
import { and, eq, sql } from 'drizzle-orm';
import { loginAttempts } from '../db/schema.ts';
import type { Database } from '../db/types.ts';

export type Count = { failures: number; windowStart: Date };

/** One more attempt on `key`; a window older than `windowMs` starts again at 1. */
/** Whether a counter's window, `windowMs` long, has ended (its next attempt starts a new one). */
const windowOver = (windowMs: number) => sql`${loginAttempts.windowStart} < now() - make_interval(secs => ${windowMs / 1000})`;

export async function countAttempt(tx: Database, tenantId: string, key: string, windowMs: number): Promise<Count> {
  const expired = windowOver(windowMs);
  const [row] = await tx
    .insert(loginAttempts)
    .values({ tenantId, email: key, failures: 1 })
    .onConflictDoUpdate({
      target: [loginAttempts.tenantId, loginAttempts.email],
      set: {
        failures: sql`case when ${expired} then 1 else ${loginAttempts.failures} + 1 end`,
        windowStart: sql`case when ${expired} then now() else ${loginAttempts.windowStart} end`,
      },
    })
    .returning({ failures: loginAttempts.failures, windowStart: loginAttempts.windowStart });
  return row ?? { failures: 1, windowStart: new Date() };
}

/** Seconds until the window of `count` ends (at least 1): a 429's Retry-After. */
export function secondsLeft(count: Count, windowMs: number): number {
  return Math.max(1, Math.ceil((count.windowStart.getTime() + windowMs - Date.now()) / 1000));
}

/** The counter of `key` starts again. */
export async function forgetAttempts(tx: Database, tenantId: string, key: string): Promise<void> {
  await tx.delete(loginAttempts).where(and(eq(loginAttempts.tenantId, tenantId), eq(loginAttempts.email, key)));
}

/** Past `after` counted attempts, each further one waits twice as long (from `baseMs`, at most `maxMs`). */
export function growingDelayMs(failures: number, after: number, baseMs: number, maxMs: number): number {
  const beyond = failures - 1 - after;
  return beyond < 0 ? 0 : Math.min(maxMs, baseMs * 2 ** beyond);
}

export type PacedCount = { failures: number; heldUntil: Date | null };

/**
 * One more attempt on a counter that makes attempts wait (`holdAttempts`): while it is held at
 * `now`, the attempt is not counted and `heldUntil` says until when. The upsert locks the row to
 * the end of the caller's transaction, so concurrent attempts queue behind the hold it sets.
 */
export async function countPacedAttempt(tx: Database, tenantId: string, key: string, windowMs: number, now: Date): Promise<PacedCount> {
  const expired = windowOver(windowMs);
  const held = sql`${loginAttempts.lockedUntil} > ${now.toISOString()}::timestamptz`;
  const [row] = await tx
    .insert(loginAttempts)
    .values({ tenantId, email: key, failures: 1 })
    .onConflictDoUpdate({
      target: [loginAttempts.tenantId, loginAttempts.email],
      set: {
        failures: sql`case when ${expired} then 1 when ${held} then ${loginAttempts.failures} else ${loginAttempts.failures} + 1 end`,
        windowStart: sql`case when ${expired} then now() else ${loginAttempts.windowStart} end`,
        lockedUntil: sql`case when ${expired} then null else ${loginAttempts.lockedUntil} end`,
      },
    })
    .returning({ failures: loginAttempts.failures, lockedUntil: loginAttempts.lockedUntil });
  const heldUntil = row?.lockedUntil && row.lockedUntil.getTime() > now.getTime() ? row.lockedUntil : null;
  return { failures: row?.failures ?? 1, heldUntil };
}

/** The next attempt on `key` waits until `until`. */
export async function holdAttempts(tx: Database, tenantId: string, key: string, until: Date | null): Promise<void> {
  await tx.update(loginAttempts).set({ lockedUntil: until }).where(and(eq(loginAttempts.tenantId, tenantId), eq(loginAttempts.email, key)));
}

/** A right answer: the counter of `key` is one lower (it counted this attempt) and holds no more. */
export async function attemptSucceeded(tx: Database, tenantId: string, key: string): Promise<void> {
  await tx
    .update(loginAttempts)
    .set({ failures: sql`greatest(${loginAttempts.failures} - 1, 0)`, lockedUntil: null })
    .where(and(eq(loginAttempts.tenantId, tenantId), eq(loginAttempts.email, key)));
}
