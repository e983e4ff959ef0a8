// What a tenant's running subscriptions allow, for the rest of the server (the meetings side asks
// for meeting minutes, participants ...): per limit kind, the sum over the tenant's active or past
// due subscriptions of their plan's value, null when none of them sets that kind.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { planLimits, subscriptions } from '../db/schema.ts';
import type { Database } from '../db/types.ts';

export type TenantLimits = Record<string, { value: number; unit: 'Number' | 'Minutes' }>;

/** In the tenant's own transaction (row-level security keeps other tenants' subscriptions out). */
export async function tenantPlanLimits(tx: Database, tenantId: string): Promise<TenantLimits> {
  const rows = await tx
    .select({ kind: planLimits.kind, unit: planLimits.unit, value: sql<number>`sum(${planLimits.value})::bigint` })
    .from(subscriptions)
    .innerJoin(planLimits, eq(planLimits.planId, subscriptions.planId))
    .where(and(eq(subscriptions.tenantId, tenantId), inArray(subscriptions.status, ['active', 'past_due'])))
    .groupBy(planLimits.kind, planLimits.unit);
  return Object.fromEntries(rows.map((row) => [row.kind, { value: Number(row.value), unit: row.unit }]));
}
