// Throttling of password guesses (sign-in, two-factor codes, OAuth client secrets). One table of
// counters (login_attempts, counters.ts), each raised by one
// atomic upsert BEFORE the password is checked and lowered only by a success, so a burst of
// concurrent guesses cannot all slip through while the (slow, by design) hashes run: of 50
// parallel wrong passwords from one address at most `maxAttempts` are ever checked.
//
// Sign-in keeps three counters, so that nobody can lock someone else out:
// - an account from one client address: `maxAttempts` failures lock that address out of that
//   account for the window (the one lock, and it only hurts whoever guesses);
// - a client address across accounts: `clientMaxFailures` failures lock that address out of the
//   tenant's sign-in, so one client cannot try a password on every account;
// - an account across addresses: past `slowAfter` failures each further try waits longer (up to
//   `maxDelayMs`) before its password is checked. It slows a spread-out attack and never locks, so
//   the owner still signs in, slowly, while strangers guess.
// Other counters (two-factor codes, re-checking a signed-in user's password) lock per key.
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { loginAttempts } from '../db/schema.ts';
import type { Database } from '../db/types.ts';
import { ProblemError } from '../http/problem.ts';
import { verifyPassword } from '../crypto/passwords.ts';
import { countAttempt as countInWindow, growingDelayMs, secondsLeft, type Count } from './counters.ts';

export const loginThrottle = { maxAttempts: 5, windowMs: 15 * 60_000, clientMaxFailures: 20, slowAfter: 5, maxDelayMs: 8_000 } as const;

export type AttemptVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** The counters' keys share the table's `email` column; only an email has no space in it. */
const pairKey = (email: string, address: string) => `${email} from ${address}`;
const clientKey = (address: string) => `client ${address}`;
const reauthKey = (email: string) => `reauth ${email}`;

const countAttempt = (tx: Database, tenantId: string, key: string): Promise<Count> => countInWindow(tx, tenantId, key, loginThrottle.windowMs);

const refusal = (count: Count): AttemptVerdict & { allowed: false } => ({ allowed: false, retryAfterSeconds: secondsLeft(count, loginThrottle.windowMs) });

/** One more attempt on a counter that locks at `maxAttempts` (two-factor codes, password re-checks). */
export async function registerAttempt(tx: Database, tenantId: string, key: string): Promise<AttemptVerdict> {
  const count = await countAttempt(tx, tenantId, key);
  return count.failures <= loginThrottle.maxAttempts ? { allowed: true } : refusal(count);
}

export type SignInVerdict =
  | { allowed: true; /** Wait this long before checking the password. */ delayMs: number }
  | { allowed: false; retryAfterSeconds: number; lockedOut: 'account_from_address' | 'address' };

/** One more sign-in to `email` from `address`, counted on the three counters above. */
export async function registerSignInAttempt(tx: Database, tenantId: string, email: string, address: string | null): Promise<SignInVerdict> {
  const from = address ?? 'unknown';
  const pair = await countAttempt(tx, tenantId, pairKey(email, from));
  if (pair.failures > loginThrottle.maxAttempts) return { ...refusal(pair), lockedOut: 'account_from_address' };
  const client = await countAttempt(tx, tenantId, clientKey(from));
  if (client.failures > loginThrottle.clientMaxFailures) return { ...refusal(client), lockedOut: 'address' };
  const account = await countAttempt(tx, tenantId, email);
  return { allowed: true, delayMs: growingDelayMs(account.failures, loginThrottle.slowAfter, 500, loginThrottle.maxDelayMs) };
}

/**
 * Where sign-in's three counters stand for `email` from `address`, without counting this try: for
 * OAuth client secrets, long random strings nobody guesses by trying many at once, so a client's
 * server redeeming or refreshing in parallel is never held back by its own right secrets. Only a
 * wrong one is counted (`registerSignInAttempt` after the check).
 */
export async function signInHeld(tx: Database, tenantId: string, email: string, address: string | null): Promise<SignInVerdict> {
  const from = address ?? 'unknown';
  const keys = [pairKey(email, from), clientKey(from), email];
  const rows = await tx
    .select({ key: loginAttempts.email, failures: loginAttempts.failures, windowStart: loginAttempts.windowStart })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.tenantId, tenantId), inArray(loginAttempts.email, keys)));
  const live = (key: string): Count => {
    const row = rows.find((candidate) => candidate.key === key);
    return row && row.windowStart.getTime() > Date.now() - loginThrottle.windowMs ? row : { failures: 0, windowStart: new Date() };
  };
  const [pair, client, account] = keys.map(live) as [Count, Count, Count];
  if (pair.failures >= loginThrottle.maxAttempts) return { ...refusal(pair), lockedOut: 'account_from_address' };
  if (client.failures >= loginThrottle.clientMaxFailures) return { ...refusal(client), lockedOut: 'address' };
  return { allowed: true, delayMs: growingDelayMs(account.failures + 1, loginThrottle.slowAfter, 500, loginThrottle.maxDelayMs) };
}

/** A right password: the account's counters start again, and the address's try was no failure. */
export async function signInSucceeded(tx: Database, tenantId: string, email: string, address: string | null): Promise<void> {
  const from = address ?? 'unknown';
  await tx.delete(loginAttempts).where(and(eq(loginAttempts.tenantId, tenantId), or(eq(loginAttempts.email, email), eq(loginAttempts.email, pairKey(email, from)))));
  await tx
    .update(loginAttempts)
    .set({ failures: sql`greatest(${loginAttempts.failures} - 1, 0)` })
    .where(and(eq(loginAttempts.tenantId, tenantId), eq(loginAttempts.email, clientKey(from))));
}

/** Every counter of this key; for an email, its sign-in counters from every address too (a new password was set). */
export async function resetAttempts(tx: Database, tenantId: string, email: string): Promise<void> {
  await tx
    .delete(loginAttempts)
    .where(
      and(
        eq(loginAttempts.tenantId, tenantId),
        or(eq(loginAttempts.email, email), eq(loginAttempts.email, reauthKey(email)), sql`starts_with(${loginAttempts.email}, ${`${email} from `})`),
      ),
    );
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
  // A counter of its own: strangers' failed sign-ins must not lock the owner's profile changes.
  const key = reauthKey(input.email);
  const verdict = await db((tx) => registerAttempt(tx, input.tenantId, key));
  if (!verdict.allowed) throw tooManyAttempts(verdict.retryAfterSeconds);
  const ok = await verifyPassword(input.passwordHash, input.password);
  if (ok) await db((tx) => resetAttempts(tx, input.tenantId, key));
  return ok;
}
