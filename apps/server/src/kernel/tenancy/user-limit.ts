// A tenant's user limit (`tenants.max_users`, set by the platform super administrator; null is
// unlimited). Every path that creates accounts in a tenant (addUser, tenantAddUser, the imports,
// sign-up, a first external sign-in) asks here, in the transaction that then inserts them, and so
// does completing a sign-up. An unfinished self sign-up (no password yet, its CREATE PASSWORD link
// unused) holds no seat: anyone may register addresses, and those must not fill the tenant.
import { and, count, eq, sql } from 'drizzle-orm';
import { actionTokens, tenants, users } from '../db/schema.ts';
import type { Database } from '../db/types.ts';
import { ProblemError } from '../http/problem.ts';

const unfinishedSignup = sql`${users.passwordHash} is null and exists (select 1 from ${actionTokens} where ${actionTokens.userId} = ${users.id} and ${actionTokens.purpose} = 'signup')`;
const holdsSeat = sql`not (${unfinishedSignup})`;

export const userLimitReached = (limit: number) =>
  new ProblemError(409, 'user_limit_reached', { detail: `This tenant may hold at most ${limit} users.` });

/**
 * Whether the tenant may take `adding` more accounts. The tenant row stays locked until the
 * transaction ends, so two creations cannot both count the room for one: the second counts after the
 * first committed. `no key update` still lets other transactions insert rows that reference the
 * tenant (sessions, audit entries); only other creators (and changes to the tenant row) wait.
 */
export async function hasRoomForUsers(tx: Database, tenantId: string, adding: number): Promise<{ ok: true } | { ok: false; limit: number }> {
  const [tenant] = await tx.select({ maxUsers: tenants.maxUsers }).from(tenants).where(eq(tenants.id, tenantId)).for('no key update');
  const limit = tenant?.maxUsers ?? null;
  if (limit === null) return { ok: true };
  return (await seatsHeld(tx, tenantId)) + adding <= limit ? { ok: true } : { ok: false, limit };
}

/** The tenant's accounts that hold a seat (all but unfinished self sign-ups). */
export async function seatsHeld(tx: Database, tenantId: string): Promise<number> {
  const [held] = await tx.select({ n: count() }).from(users).where(and(eq(users.tenantId, tenantId), holdsSeat));
  return held?.n ?? 0;
}

/** As `hasRoomForUsers`, throwing 409 `user_limit_reached` when there is none. */
export async function ensureRoomForUsers(tx: Database, tenantId: string, adding: number): Promise<void> {
  const room = await hasRoomForUsers(tx, tenantId, adding);
  if (!room.ok) throw userLimitReached(room.limit);
}
