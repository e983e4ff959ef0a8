// Reads and writes behind the sign-in and /me operations (handlers.ts). The caller hands in the
// transaction: the tenant's own, whose row-level security keeps other tenants' rows out.
import { and, count, desc, eq } from 'drizzle-orm';
import { devClients, sessions, tenants, users, type StoredLayoutSettings } from '../kernel/db/schema.ts';
import type { Database } from '../kernel/db/types.ts';

/** The developer client whose public id is `clientId` (the body's appId), if the tenant has one. */
export async function findDevClient(tx: Database, clientId: string): Promise<typeof devClients.$inferSelect | undefined> {
  const [client] = await tx.select().from(devClients).where(eq(devClients.clientId, clientId)).limit(1);
  return client;
}

/** The signed-in user with their tenant and the session's CSRF token; undefined once either row is gone. */
/** The user with their tenant and, for a browser session (`sessionId` not null), that session's CSRF token: undefined once the session is gone. */
export async function currentUserRow(tx: Database, userId: string, sessionId: string | null) {
  const fields = { user: users, tenant: { id: tenants.id, name: tenants.name, sname: tenants.sname } };
  if (sessionId === null) {
    // An OAuth access token: no session row, and no CSRF token (it sends no cookie).
    const [row] = await tx.select(fields).from(users).innerJoin(tenants, eq(tenants.id, users.tenantId)).where(eq(users.id, userId)).limit(1);
    return row && { ...row, csrfToken: null };
  }
  const [row] = await tx
    .select({ ...fields, csrfToken: sessions.csrfToken })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .innerJoin(sessions, eq(sessions.id, sessionId))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/** Sets the account's new password, which also meets a demand to change it at sign-in; undefined when the account is gone. */
export async function setPassword(tx: Database, userId: string, passwordHash: string): Promise<{ id: string; email: string } | undefined> {
  const [user] = await tx
    .update(users)
    .set({ passwordHash, changePasswordOnSignIn: false, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ id: users.id, email: users.email });
  return user;
}

export async function saveLayoutSettings(tx: Database, userId: string, settings: StoredLayoutSettings): Promise<void> {
  await tx.update(users).set({ settings, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function countTenantUsers(tx: Database, tenantId: string): Promise<number> {
  const [row] = await tx.select({ value: count() }).from(users).where(eq(users.tenantId, tenantId));
  return row?.value ?? 0;
}

/** The user's latest browser sign-ins, newest first (a client token is no sign-in). */
export async function recentSignIns(tx: Database, userId: string, limit: number) {
  return tx
    .select({ createdAt: sessions.createdAt, ip: sessions.ip, userAgent: sessions.userAgent })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.kind, 'browser')))
    .orderBy(desc(sessions.createdAt))
    .limit(limit);
}
