// Database access of the profile and sessions operations. Every query runs inside the tenant's
// transaction (row-level security) and also names the tenant, so a stray id never crosses tenants.
import { and, desc, eq, gt, ne } from 'drizzle-orm';
import { sessions, users } from '../kernel/db/schema.ts';
import type { Database } from '../kernel/db/types.ts';

export type ProfileRow = typeof users.$inferSelect;

export type ProfileChanges = Partial<
  Pick<
    ProfileRow,
    | 'firstName'
    | 'lastName'
    | 'displayName'
    | 'organisation'
    | 'organisationName'
    | 'accountType'
    | 'language'
    | 'timeZone'
    | 'dateFormat'
    | 'timeFormat'
    | 'email'
    | 'pendingEmail'
    | 'passwordHash'
    | 'photoUrl'
  >
>;

export async function findProfile(tx: Database, tenantId: string, userId: string): Promise<ProfileRow | null> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
    .limit(1);
  return row ?? null;
}

export async function updateProfileRow(tx: Database, tenantId: string, userId: string, changes: ProfileChanges): Promise<ProfileRow | null> {
  const [row] = await tx
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
    .returning();
  return row ?? null;
}

/** Whether another user of the tenant already signs in with `email`. */
export async function emailTaken(tx: Database, tenantId: string, email: string, exceptUserId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.email, email), ne(users.id, exceptUserId)))
    .limit(1);
  return Boolean(row);
}

export type SessionRow = { id: string; createdAt: Date; lastSeenAt: Date; ip: string | null; userAgent: string | null };

/** The user's browser sessions that can still be used (not expired, not idle past the timeout). */
export async function liveSessions(tx: Database, tenantId: string, userId: string, idleMs: number): Promise<SessionRow[]> {
  const now = Date.now();
  return tx
    .select({ id: sessions.id, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, ip: sessions.ip, userAgent: sessions.userAgent })
    .from(sessions)
    .where(
      and(
        eq(sessions.tenantId, tenantId),
        eq(sessions.userId, userId),
        eq(sessions.kind, 'browser'),
        gt(sessions.expiresAt, new Date(now)),
        gt(sessions.lastSeenAt, new Date(now - idleMs)),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
}

export async function deleteSessionRow(tx: Database, tenantId: string, userId: string, sessionId: string): Promise<void> {
  await tx.delete(sessions).where(and(eq(sessions.tenantId, tenantId), eq(sessions.userId, userId), eq(sessions.id, sessionId)));
}
