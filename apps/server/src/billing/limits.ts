// What a tenant's running subscriptions allow. `tenantPlanLimits`: per limit kind, the sum over the
// tenant's active or past due subscriptions of their plan's value and their bundles' values (a
// storage bundle adds its storage to the plan's), absent when none of them sets that kind.
// `tenantEffectiveLimits`: what the rest of the server enforces (meetings/plan-limits.ts, Current
// plans' usage), where a plan without a kind means that kind is unlimited for the tenant, and a
// tenant without a meeting plan has the platform's defaults (`noPlanLimits`).
import { sql } from 'drizzle-orm';
import type { Database } from '../kernel/db/types.ts';
import { rowsOf } from '../kernel/db/types.ts';
import { findSettings } from '../settings/index.ts';

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

/** A limit of a running subscription: its plan's plus the bundles bought with it; `bundle`: the plan is of a bundle product. */
type SubscriptionLimit = { subscriptionId: string; bundle: boolean; kind: string | null; value: number };

/** Kinds that hold for each meeting: the most generous plan's value counts. The others are pooled: plans and bundles add up. */
const perMeetingKinds = new Set(['participants', 'meeting_duration', 'webinar_attendees']);

export type EffectiveLimits = Record<string, number | null>;

/** The global configuration's field (Tenant configuration screen) that holds each kind's value for a tenant without a meeting plan. */
const noPlanFields: Record<string, string> = {
  participants: 'noPlanParticipants',
  meeting_duration: 'noPlanMeetingMinutes',
  concurrent_meetings: 'noPlanConcurrentMeetings',
  storage_gb: 'noPlanStorageGb',
};

/**
 * What a tenant without a meeting plan may use, per kind (null: unlimited), as the platform super
 * administrator last saved it. Read at each check, not cached, so a save applies at once; any
 * transaction may read this section (migration 0035).
 */
async function noPlanLimits(tx: Database, kinds: readonly string[]): Promise<EffectiveLimits> {
  const saved = (await findSettings(tx, 'tenant'))?.value ?? {};
  return Object.fromEntries(
    kinds.map((kind) => {
      const field = noPlanFields[kind];
      const value = field === undefined ? undefined : saved[field];
      return [kind, typeof value === 'number' && Number.isInteger(value) && value >= 1 ? value : null];
    }),
  );
}

/**
 * What the tenant may use, per kind (null: unlimited). A meeting plan that sets no value for a kind
 * leaves it unlimited, whatever another plan sets (a tenant on Business, unlimited in length, that
 * also holds a Starter of 60 minutes still holds meetings of any length). Otherwise a per-meeting
 * kind is the largest value of the tenant's plans, and a pooled kind the sum of them with every
 * bundle's. A tenant without a meeting plan has the platform's defaults (`noPlanLimits`), to which
 * its bundles add pooled values.
 */
export async function tenantEffectiveLimits(tx: Database, tenantId: string, kinds: readonly string[]): Promise<EffectiveLimits> {
  const result = await tx.execute(sql`
    select s.id as "subscriptionId", pr.is_bundle as bundle, l.kind, coalesce(sum(l.value), 0)::bigint as value
    from subscriptions s
    join plans pl on pl.id = s.plan_id
    join products pr on pr.id = pl.product_id
    left join lateral (
      select s.plan_id as plan_id
      union all
      select (b.value ->> 'planId')::uuid from jsonb_array_elements(s.bundles) as b(value)
    ) p on true
    left join plan_limits l on l.plan_id = p.plan_id
    where s.tenant_id = ${tenantId} and s.status in ('active', 'past_due')
    group by s.id, pr.is_bundle, l.kind`);
  const rows = rowsOf<SubscriptionLimit & { value: string | number }>(result).map((row) => ({ ...row, value: Number(row.value) }));
  const plansOf = (bundle: boolean) => [...new Set(rows.filter((row) => row.bundle === bundle).map((row) => row.subscriptionId))];
  const [base, bundles] = [plansOf(false), plansOf(true)];
  const valueOf = (subscriptionId: string, kind: string) => rows.find((row) => row.subscriptionId === subscriptionId && row.kind === kind)?.value;
  const added = (kind: string) => bundles.reduce((sum, id) => sum + (valueOf(id, kind) ?? 0), 0);
  if (base.length === 0) {
    const defaults = await noPlanLimits(tx, kinds);
    return Object.fromEntries(
      kinds.map((kind) => {
        const value = defaults[kind] ?? null;
        return [kind, value === null || perMeetingKinds.has(kind) ? value : value + added(kind)];
      }),
    );
  }
  return Object.fromEntries(
    kinds.map((kind) => {
      const values = base.map((id) => valueOf(id, kind));
      if (values.some((value) => value === undefined)) return [kind, null];
      const given = values as number[];
      if (perMeetingKinds.has(kind)) return [kind, Math.max(...given)];
      return [kind, given.reduce((sum, value) => sum + value, 0) + added(kind)];
    }),
  );
}
