// What a tenant's running subscriptions allow, for the rest of the server (the meetings side asks
// for meeting minutes, participants ...): per limit kind, the sum over the tenant's active or past
// due subscriptions of their plan's value and their bundles' values (a storage bundle adds its
// storage to the plan's), null when none of them sets that kind.
import { sql } from 'drizzle-orm';
import type { Database } from '../kernel/db/types.ts';
import { rowsOf } from '../kernel/db/types.ts';

export type TenantLimits = Record<string, { value: number; unit: 'Number' | 'Minutes' }>;

/** In the tenant's own transaction (row-level security keeps other tenants' subscriptions out). */
export async function tenantPlanLimits(tx: Database, tenantId: string): Promise<TenantLimits> {
  const result = await tx.execute(sql`
    select l.kind, l.unit, sum(l.value)::bigint as value
    from subscriptions s
    cross join lateral (
      select s.plan_id as plan_id
      union all
      select (b.value ->> 'planId')::uuid from jsonb_array_elements(s.bundles) as b(value)
    ) p
    join plan_limits l on l.plan_id = p.plan_id
    where s.tenant_id = ${tenantId} and s.status in ('active', 'past_due')
    group by l.kind, l.unit`);
  const rows = rowsOf<{ kind: string; unit: 'Number' | 'Minutes'; value: string | number }>(result);
  return Object.fromEntries(rows.map((row) => [row.kind, { value: Number(row.value), unit: row.unit }]));
}
