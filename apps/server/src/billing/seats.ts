// A tenant's seats follow what it bought: every change of a subscription's licences or status
// (a purchase paid, a cycle's end, an edit) writes the tenant's user limit, which every path that
// creates accounts checks (kernel/tenancy/user-limit.ts).
import { and, eq, inArray, sql } from 'drizzle-orm';
import { subscriptions, tenants } from '../kernel/db/schema.ts';
import type { Database } from '../kernel/db/types.ts';

/** The licences of the tenant's running subscriptions together; a tenant without any keeps the limit it had. */
export async function syncSeatLimit(tx: Database, tenantId: string): Promise<void> {
  const [row] = await tx
    .select({ seats: sql<number | null>`sum(${subscriptions.licenses})::int` })
    .from(subscriptions)
    .where(and(eq(subscriptions.tenantId, tenantId), inArray(subscriptions.status, ['active', 'past_due'])));
  if (row?.seats) await tx.update(tenants).set({ maxUsers: row.seats }).where(eq(tenants.id, tenantId));
}
