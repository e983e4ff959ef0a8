// At most `maxAttempts` unsuccessful sign-ins per account and window. The counter is raised by one
// atomic upsert BEFORE the password is checked and only a success resets it, so a burst of
// concurrent guesses cannot all slip through while the (slow, by design) hashes run: of 50
// parallel wrong passwords at most `maxAttempts` are ever checked, the rest are refused at once.
import { and, eq, sql } from 'drizzle-orm';
import { loginAttempts } from '../db/schema.ts';
import type { Database } from '../db/types.ts';
import { ProblemError } from '../http/problem.ts';
import { verifyPassword } from './passwords.ts';

export const loginThrottle = { maxAttempts: 5, windowMs: 15 * 60_000 } as const;

export type AttemptVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export async function registerAttempt(tx: Database, tenantId: string, email: string): Promise<AttemptVerdict> {
  const windowSeconds = loginThrottle.windowMs / 1000;
  const expired = sql`${loginAttempts.windowStart} < now() - make_interval(secs => ${windowSeconds})`;
  const [row] = await tx
    .insert(loginAttempts)
    .values({ tenantId, email, failures: 1 })
    .onConflictDoUpdate({
      target: [loginAttempts.tenantId, loginAttempts.email],
      set: {
        failures: sql`case when ${expired} then 1 else ${loginAttempts.failures} + 1 end`,
        windowStart: sql`case when ${expired} then now() else ${loginAttempts.windowStart} end`,
      },
    })
    .returning({ failures: loginAttempts.failures, windowStart: loginAttempts.windowStart });
  if (!row || row.failures <= loginThrottle.maxAttempts) return { allowed: true };
  const retryAfterMs = row.windowStart.getTime() + loginThrottle.windowMs - Date.now();
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
}

export async function resetAttempts(tx: Database, tenantId: string, email: string): Promise<void> {
  await tx.delete(loginAttempts).where(and(eq(loginAttempts.tenantId, tenantId), eq(loginAttempts.email, email)));
}

export const tooManyAttempts = (retryAfterSeconds: number, detail = 'Too many wrong attempts; try again later') =>
  new ProblemError(429, 'too_many_attempts', { detail, headers: { 'retry-after': String(retryAfterSeconds) } });

type TenantDb = <T>(fn: (tx: Database) => Promise<T>) => Promise<T>;

/**
 * Checks the password of a signed-in user (before a profile or two-factor change) on the same
 * counter as sign-in, so a stolen session cannot be used to guess the password: 429 past the limit.
 */
export async function verifyPasswordThrottled(
  db: TenantDb,
  input: { tenantId: string; email: string; passwordHash: string | null; password: string },
): Promise<boolean> {
  const verdict = await db((tx) => registerAttempt(tx, input.tenantId, input.email));
  if (!verdict.allowed) throw tooManyAttempts(verdict.retryAfterSeconds);
  const ok = await verifyPassword(input.passwordHash, input.password);
  if (ok) await db((tx) => resetAttempts(tx, input.tenantId, input.email));
  return ok;
}
