// The platform's plans (spec "Plans"): a plan of a product with min and max users, a publish-online
// flag, prices per currency and billing cycle in integer minor units, limit rows, linked plans and
// the roles it grants. The super administrator writes them in platform transactions, each change
// audited in the same transaction; everyone else reads only what is on sale (published, enabled,
// of an enabled product), and the public plans page reads the same through selectPublishedPlan.
import { and, asc, eq, gt, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { recordAudit } from '../../kernel/audit/record.ts';
import { decodeKeysetCursor, keysetPage } from '../../kernel/db/keyset.ts';
import { isUniqueViolation } from '../../kernel/db/errors.ts';
import { planLimits, planLinks, planPrices, planRoles, plans, products, subscriptions } from '../../kernel/db/schema.ts';
import type { Database } from '../../kernel/db/types.ts';
import type { Schemas } from '../../kernel/http/api.ts';
import { ProblemError, forbidden, notFound, type FieldError } from '../../kernel/http/problem.ts';
import type { RequestScope } from '../../kernel/http/request-scope.ts';
import { isSupportedCurrency, unitsOf } from './constants.ts';
import { likePattern } from '../../kernel/db/like.ts';
import { isReferenced, nameExists, requireSuperadmin, type CatalogueScope } from './products.ts';
import { present } from '../../kernel/db/present.ts';

type Plan = Schemas['Plan'];
type ReadScope = Pick<RequestScope, 'caller' | 'db'>;

const nameKey = sql<string>`lower(${plans.name})`;

const baseColumns = {
  id: plans.id,
  name: plans.name,
  description: plans.description,
  productId: plans.productId,
  productName: products.name,
  productIsBundle: products.isBundle,
  productDisabled: products.disabled,
  minUsers: plans.minUsers,
  maxUsers: plans.maxUsers,
  published: plans.published,
  disabled: plans.disabled,
  createdAt: plans.createdAt,
  updatedAt: plans.updatedAt,
  key: nameKey,
};

type PlanBase = { id: string; name: string; description: string; productId: string; productName: string; productIsBundle: boolean; productDisabled: boolean; minUsers: number; maxUsers: number; published: boolean; disabled: boolean; createdAt: Date; updatedAt: Date; key: string };

/** On sale: published and enabled, of an enabled product. */
const onSale = (): SQL => present(and(eq(plans.published, true), eq(plans.disabled, false), eq(products.disabled, false)), 'the and() of its conditions');

const cycleOrder: Record<Schemas['BillingCycle'], number> = { monthly: 0, yearly: 1 };

/** The plans of `rows` with their prices, limits, links and roles, read in four queries. */
async function withDetails(tx: Database, rows: PlanBase[]): Promise<Plan[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  // One after another: a transaction is one connection, which runs one statement at a time anyway.
  const prices = await tx.select().from(planPrices).where(inArray(planPrices.planId, ids)).orderBy(asc(planPrices.currency));
  const limits = await tx.select().from(planLimits).where(inArray(planLimits.planId, ids)).orderBy(asc(planLimits.position), asc(planLimits.id));
  const links = await tx
    .select({ planId: planLinks.planId, id: plans.id, name: plans.name })
    .from(planLinks)
    .innerJoin(plans, eq(plans.id, planLinks.linkedPlanId))
    .where(inArray(planLinks.planId, ids))
    .orderBy(asc(sql`lower(${plans.name})`));
  const roles = await tx.select().from(planRoles).where(inArray(planRoles.planId, ids)).orderBy(asc(planRoles.role));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    productId: row.productId,
    productName: row.productName,
    productIsBundle: row.productIsBundle,
    minUsers: row.minUsers,
    maxUsers: row.maxUsers,
    published: row.published,
    disabled: row.disabled,
    prices: prices
      .filter((price) => price.planId === row.id)
      .sort((a, b) => a.currency.localeCompare(b.currency) || cycleOrder[a.billingCycle] - cycleOrder[b.billingCycle])
      .map((price) => ({ currency: price.currency, billingCycle: price.billingCycle, amount: Number(price.amount) })),
    limits: limits.filter((limit) => limit.planId === row.id).map((limit) => ({ kind: limit.kind as Schemas['LimitKind'], value: Number(limit.value), unit: limit.unit })),
    linkedPlans: links.filter((link) => link.planId === row.id).map((link) => ({ id: link.id, name: link.name })),
    roles: roles.filter((role) => role.planId === row.id).map((role) => role.role as Schemas['PlanRole']),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

async function findPlan(tx: Database, id: string): Promise<Plan | undefined> {
  const rows = await tx.select(baseColumns).from(plans).innerJoin(products, eq(products.id, plans.productId)).where(eq(plans.id, id)).limit(1);
  const [plan] = await withDetails(tx, rows);
  return plan;
}

export type PlanListInput = { q?: string | undefined; productId?: string | undefined; cursor?: string | undefined; limit?: number | undefined };

async function planPage(tx: Database, input: PlanListInput, saleOnly: boolean): Promise<Schemas['PlanPage']> {
  const limit = input.limit ?? 25;
  const after = input.cursor ? decodeKeysetCursor(input.cursor) : null;
  const q = input.q?.trim();
  const conditions: SQL[] = [];
  if (q) conditions.push(present(or(ilike(plans.name, likePattern(q)), ilike(plans.description, likePattern(q))), 'the or() of its conditions'));
  if (input.productId) conditions.push(eq(plans.productId, input.productId));
  if (saleOnly) conditions.push(onSale());
  if (after) conditions.push(present(or(gt(nameKey, after.key), and(eq(nameKey, after.key), gt(plans.id, after.id))), 'the or() of its conditions'));
  const rows = await tx
    .select(baseColumns)
    .from(plans)
    .innerJoin(products, eq(products.id, plans.productId))
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(asc(nameKey), asc(plans.id))
    .limit(limit + 1);
  const { page, nextCursor } = keysetPage(rows, limit, (row) => row.key);
  return { items: await withDetails(tx, page), nextCursor };
}

/** getPlans: every plan for the super administrator, the plans on sale for anyone else. */
export function listPlans(scope: ReadScope, input: PlanListInput): Promise<Schemas['PlanPage']> {
  return scope.db((tx) => planPage(tx, input, !scope.caller.isSuperadmin));
}

/** selectPublishedPlan: the plans on sale, for the public plans page. */
export function listPublishedPlans(scope: Pick<RequestScope, 'db'>, input: Omit<PlanListInput, 'q'>): Promise<Schemas['PublishedPlanPage']> {
  return scope.db((tx) => planPage(tx, input, true));
}

const isOnSale = (plan: Plan, productDisabled: boolean) => plan.published && !plan.disabled && !productDisabled;

async function productDisabled(tx: Database, productId: string): Promise<boolean> {
  const [row] = await tx.select({ disabled: products.disabled }).from(products).where(eq(products.id, productId)).limit(1);
  return row?.disabled ?? true;
}

export async function getPlan(scope: ReadScope, id: string): Promise<Plan> {
  return scope.db(async (tx) => {
    const plan = await findPlan(tx, id);
    if (!plan) throw notFound();
    if (!scope.caller.isSuperadmin && !isOnSale(plan, await productDisabled(tx, plan.productId))) throw notFound();
    return plan;
  });
}

/** getPlanPrices: the prices of a plan on sale (404 for any other), optionally of one currency. */
export async function getPlanPriceList(scope: Pick<RequestScope, 'db'>, id: string, currency: string | undefined): Promise<{ items: Schemas['PlanPrice'][] }> {
  return scope.db(async (tx) => {
    const plan = await findPlan(tx, id);
    if (!plan || !isOnSale(plan, await productDisabled(tx, plan.productId))) throw notFound();
    return { items: plan.prices.filter((price) => !currency || price.currency === currency) };
  });
}

type PlanFields = {
  productId: string;
  minUsers: number;
  maxUsers: number;
  prices?: Schemas['PlanPrice'][] | undefined;
  limits?: Schemas['PlanLimit'][] | undefined;
  linkedPlanIds?: string[] | undefined;
};

/** The rules the schema cannot say, all at once: field errors for the form. */
async function checkPlan(tx: Database, fields: PlanFields, selfId: string | null): Promise<void> {
  const errors: FieldError[] = [];
  const [product] = await tx.select({ id: products.id }).from(products).where(eq(products.id, fields.productId)).limit(1);
  if (!product) errors.push({ field: 'productId', code: 'unknown_product', message: 'No such product.' });
  if (fields.maxUsers < fields.minUsers) errors.push({ field: 'maxUsers', code: 'invalid_max_users', message: 'The maximum users are below the minimum users.' });
  const seen = new Set<string>();
  (fields.prices ?? []).forEach((price, i) => {
    if (!isSupportedCurrency(price.currency)) errors.push({ field: `prices.${i}.currency`, code: 'unsupported_currency', message: 'The platform does not sell in this currency.' });
    const key = `${price.currency}/${price.billingCycle}`;
    if (seen.has(key)) errors.push({ field: `prices.${i}`, code: 'duplicate_price', message: 'A price for this currency and billing cycle is already set.' });
    seen.add(key);
  });
  (fields.limits ?? []).forEach((limit, i) => {
    if (!unitsOf(limit.kind).includes(limit.unit)) errors.push({ field: `limits.${i}.unit`, code: 'invalid_limit_unit', message: 'This limit is not counted in this unit.' });
  });
  const linked = fields.linkedPlanIds ?? [];
  if (linked.length > 0) {
    const found = new Set((await tx.select({ id: plans.id }).from(plans).where(inArray(plans.id, linked))).map((row) => row.id));
    linked.forEach((id, i) => {
      if (id === selfId || !found.has(id)) errors.push({ field: `linkedPlanIds.${i}`, code: 'unknown_plan', message: 'No such plan to link.' });
    });
  }
  if (errors.length > 0) throw new ProblemError(400, 'validation_failed', { errors });
}

async function replaceLists(tx: Database, planId: string, input: Pick<Schemas['PlanUpdate'], 'prices' | 'limits' | 'linkedPlanIds' | 'roles'>): Promise<void> {
  if (input.prices) {
    await tx.delete(planPrices).where(eq(planPrices.planId, planId));
    if (input.prices.length > 0) await tx.insert(planPrices).values(input.prices.map((price) => ({ planId, currency: price.currency, billingCycle: price.billingCycle, amount: price.amount })));
  }
  if (input.limits) {
    await tx.delete(planLimits).where(eq(planLimits.planId, planId));
    if (input.limits.length > 0) await tx.insert(planLimits).values(input.limits.map((limit, position) => ({ planId, kind: limit.kind, value: limit.value, unit: limit.unit, position })));
  }
  if (input.linkedPlanIds) {
    await tx.delete(planLinks).where(eq(planLinks.planId, planId));
    if (input.linkedPlanIds.length > 0) await tx.insert(planLinks).values(input.linkedPlanIds.map((linkedPlanId) => ({ planId, linkedPlanId })));
  }
  if (input.roles) {
    await tx.delete(planRoles).where(eq(planRoles.planId, planId));
    if (input.roles.length > 0) await tx.insert(planRoles).values(input.roles.map((role) => ({ planId, role })));
  }
}

const auditView = (plan: Plan) => ({
  name: plan.name,
  description: plan.description,
  productId: plan.productId,
  minUsers: plan.minUsers,
  maxUsers: plan.maxUsers,
  published: plan.published,
  disabled: plan.disabled,
  prices: plan.prices,
  limits: plan.limits,
  linkedPlanIds: plan.linkedPlans.map((link) => link.id),
  roles: plan.roles,
});

export async function createPlan(scope: CatalogueScope, input: Schemas['PlanCreate']): Promise<Plan> {
  requireSuperadmin(scope);
  try {
    return await scope.database.withPlatform(async (tx) => {
      await checkPlan(tx, input, null);
      const [inserted] = await tx
        .insert(plans)
        .values({
          productId: input.productId,
          name: input.name.trim(),
          description: input.description?.trim() ?? '',
          minUsers: input.minUsers,
          maxUsers: input.maxUsers,
          published: input.published ?? false,
          disabled: input.disabled ?? false,
        })
        .returning({ id: plans.id });
      const id = present(inserted, 'inserted').id;
      await replaceLists(tx, id, input);
      const created = present(await findPlan(tx, id), 'findPlan(tx, id)');
      await recordAudit(tx, scope.audit, { action: 'create', entity: 'plan', entityId: id, after: auditView(created) });
      return created;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameExists();
    throw error;
  }
}

export async function updatePlan(scope: CatalogueScope, id: string, patch: Schemas['PlanUpdate']): Promise<Plan> {
  requireSuperadmin(scope);
  if (patch.disabled !== undefined && !scope.caller.permissions.has('plans.disable')) throw forbidden();
  try {
    return await scope.database.withPlatform(async (tx) => {
      const before = await findPlan(tx, id);
      if (!before) throw notFound();
      await checkPlan(
        tx,
        {
          productId: patch.productId ?? before.productId,
          minUsers: patch.minUsers ?? before.minUsers,
          maxUsers: patch.maxUsers ?? before.maxUsers,
          prices: patch.prices,
          limits: patch.limits,
          linkedPlanIds: patch.linkedPlanIds,
        },
        id,
      );
      await tx
        .update(plans)
        .set({
          ...(patch.name !== undefined ? { name: patch.name.trim() } : {}),
          ...(patch.description !== undefined ? { description: patch.description.trim() } : {}),
          ...(patch.productId !== undefined ? { productId: patch.productId } : {}),
          ...(patch.minUsers !== undefined ? { minUsers: patch.minUsers } : {}),
          ...(patch.maxUsers !== undefined ? { maxUsers: patch.maxUsers } : {}),
          ...(patch.published !== undefined ? { published: patch.published } : {}),
          ...(patch.disabled !== undefined ? { disabled: patch.disabled } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(plans.id, id));
      await replaceLists(tx, id, patch);
      const after = present(await findPlan(tx, id), 'findPlan(tx, id)');
      await recordAudit(tx, scope.audit, { action: 'update', entity: 'plan', entityId: id, before: auditView(before), after: auditView(after) });
      return after;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameExists();
    throw error;
  }
}

const planInUse = () => new ProblemError(409, 'plan_in_use', { detail: 'Subscriptions use the plan: disable it instead.' });

export async function deletePlan(scope: CatalogueScope, id: string): Promise<void> {
  requireSuperadmin(scope);
  try {
    await scope.database.withPlatform(async (tx) => {
      const before = await findPlan(tx, id);
      if (!before) throw notFound();
      // A subscription refers to its plan by id (the demo's older ones by name only); the platform
      // transaction sees every tenant's. Their reference is `set null` on delete, so it is checked
      // here; a table that comes to reference plans strictly refuses the delete below instead.
      const [used] = await tx
        .select({ id: subscriptions.id })
        .from(subscriptions)
        // A bundle plan is in use as well when a subscription holds it among its bundles (renewals charge it, limits.ts reads its limits).
        .where(or(eq(subscriptions.planId, id), sql`lower(${subscriptions.plan}) = lower(${before.name})`, sql`${subscriptions.bundles} @> ${JSON.stringify([{ planId: id }])}::jsonb`))
        .limit(1);
      if (used) throw planInUse();
      await tx.delete(plans).where(eq(plans.id, id));
      await recordAudit(tx, scope.audit, { action: 'delete', entity: 'plan', entityId: id, before: auditView(before) });
    });
  } catch (error) {
    if (isReferenced(error)) throw planInUse();
    throw error;
  }
}
