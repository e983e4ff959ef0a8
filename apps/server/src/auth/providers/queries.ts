// Database access of external sign-in: the tenant's providers, authorization requests in flight
// and the provider accounts linked to users. Every call runs in a tenant-scoped transaction.
import { and, asc, eq, lt } from 'drizzle-orm';
import { authProviders, authRequests, roles, tenants, userIdentities, userRoles, users } from '../../kernel/db/schema.ts';
import type { Database } from '../../kernel/db/types.ts';

export type ProviderRow = typeof authProviders.$inferSelect;
export type NewProvider = typeof authProviders.$inferInsert;
export type AuthRequestRow = typeof authRequests.$inferSelect;
export type UserRow = typeof users.$inferSelect;

export async function listProviders(tx: Database, tenantId: string, onlyEnabled = false): Promise<ProviderRow[]> {
  return tx
    .select()
    .from(authProviders)
    .where(and(eq(authProviders.tenantId, tenantId), onlyEnabled ? eq(authProviders.status, 'enabled') : undefined))
    .orderBy(asc(authProviders.name));
}

export async function findProvider(tx: Database, tenantId: string, providerId: string): Promise<ProviderRow | null> {
  const [row] = await tx
    .select()
    .from(authProviders)
    .where(and(eq(authProviders.tenantId, tenantId), eq(authProviders.id, providerId)))
    .limit(1);
  return row ?? null;
}

export async function providerNameTaken(tx: Database, tenantId: string, name: string, exceptId?: string): Promise<boolean> {
  const rows = await tx
    .select({ id: authProviders.id })
    .from(authProviders)
    .where(and(eq(authProviders.tenantId, tenantId), eq(authProviders.name, name)));
  return rows.some((row) => row.id !== exceptId);
}

export async function insertProvider(tx: Database, values: NewProvider): Promise<ProviderRow> {
  const [row] = await tx.insert(authProviders).values(values).returning();
  if (!row) throw new Error('Provider insert returned no row');
  return row;
}

export async function updateProvider(tx: Database, tenantId: string, providerId: string, changes: Partial<NewProvider>): Promise<ProviderRow | null> {
  const [row] = await tx
    .update(authProviders)
    .set(changes)
    .where(and(eq(authProviders.tenantId, tenantId), eq(authProviders.id, providerId)))
    .returning();
  return row ?? null;
}

export async function tenantSignup(tx: Database, tenantId: string): Promise<{ social: boolean; normal: boolean }> {
  const [row] = await tx.select({ social: tenants.signupSocial, normal: tenants.signupNormal }).from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  return row ?? { social: false, normal: false };
}

export async function insertAuthRequest(tx: Database, values: typeof authRequests.$inferInsert): Promise<void> {
  // Housekeeping: requests nobody came back for are useless once expired.
  await tx.delete(authRequests).where(and(eq(authRequests.tenantId, values.tenantId), lt(authRequests.expiresAt, new Date())));
  await tx.insert(authRequests).values(values);
}

/** Removes and returns the request with this state hash: a state is good for one callback only. */
export async function takeAuthRequest(tx: Database, tenantId: string, id: string): Promise<AuthRequestRow | null> {
  const [row] = await tx
    .delete(authRequests)
    .where(and(eq(authRequests.tenantId, tenantId), eq(authRequests.id, id)))
    .returning();
  return row ?? null;
}

export async function findLinkedUser(tx: Database, tenantId: string, providerId: string, subject: string): Promise<UserRow | null> {
  const [row] = await tx
    .select({ user: users })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(and(eq(userIdentities.tenantId, tenantId), eq(userIdentities.providerId, providerId), eq(userIdentities.subject, subject)))
    .limit(1);
  return row?.user ?? null;
}

export async function findUserByEmail(tx: Database, tenantId: string, email: string): Promise<UserRow | null> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.email, email)))
    .limit(1);
  return row ?? null;
}

export async function linkIdentity(tx: Database, input: { tenantId: string; providerId: string; subject: string; userId: string }): Promise<void> {
  await tx.insert(userIdentities).values(input).onConflictDoNothing();
}

export async function enabledRoleId(tx: Database, tenantId: string, name: string): Promise<string | null> {
  const [row] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.name, name), eq(roles.status, 'enabled')))
    .limit(1);
  return row?.id ?? null;
}

/** The new user, or null when the email exists in the tenant already. */
export async function insertUserWithRole(
  tx: Database,
  input: { tenantId: string; email: string; firstName: string; lastName: string; roleId: string | null },
): Promise<UserRow | null> {
  const [user] = await tx
    .insert(users)
    .values({ tenantId: input.tenantId, email: input.email, firstName: input.firstName, lastName: input.lastName, passwordHash: null })
    .onConflictDoNothing({ target: [users.tenantId, users.email] })
    .returning();
  if (!user) return null;
  if (input.roleId) await tx.insert(userRoles).values({ tenantId: input.tenantId, userId: user.id, roleId: input.roleId });
  return user;
}

export async function unlinkProviderIdentities(tx: Database, tenantId: string, providerId: string): Promise<void> {
  await tx.delete(userIdentities).where(and(eq(userIdentities.tenantId, tenantId), eq(userIdentities.providerId, providerId)));
}

/** Names of the roles a user holds (enabled or not). */
export async function userRoleNames(tx: Database, tenantId: string, userId: string): Promise<string[]> {
  const rows = await tx
    .select({ name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.tenantId, tenantId), eq(userRoles.userId, userId)));
  return rows.map((r) => r.name);
}
