// Bundles (spec Subscription and Plan purchase "bundles", Plan "linked plans", Product "is-bundle
// flag"), as we read them: a bundle is a plan of a product whose is-bundle flag is yes (an add-on
// such as extra storage); a plan's linked plans that are bundles are what may be bought with it.
// A purchase (or a change) names the bundle plans it wants; each must be linked to the plan,
// published, of a bundle product and priced in the purchase's currency and cycle. The subscription
// keeps each bundle with its price per licence as bought; every invoice has one line per bundle,
// charged per licence like the plan; the tenant's limits add the bundles' limits (limits.ts).
import { and, eq, inArray } from 'drizzle-orm';
import { planLinks, planPrices, plans, products, type SubscriptionBundle } from '../kernel/db/schema.ts';
import type { Database } from '../kernel/db/types.ts';
import { type FieldError, ProblemError } from '../kernel/http/problem.ts';
import type { Cycle } from './subscriptions.ts';

export type { SubscriptionBundle };

/** The price per licence and cycle of the plan with its bundles. */
export const perLicence = (unitAmount: number, bundles: readonly Pick<SubscriptionBundle, 'unitAmount'>[]): number => bundles.reduce((sum, bundle) => sum + bundle.unitAmount, unitAmount);

/**
 * The bundles `bundlePlanIds` names for `planId` in `currency` and `cycle`, in the order given;
 * 400 `validation_failed` with a field error `bundlePlanIds.<i>` for each one that may not be
 * bought with the plan (code `invalid_bundle`).
 */
export async function resolveBundles(tx: Database, planId: string, bundlePlanIds: readonly string[], currency: string, cycle: Cycle): Promise<SubscriptionBundle[]> {
  if (bundlePlanIds.length === 0) return [];
  const ids = [...new Set(bundlePlanIds)];
  const rows = await tx
    .select({ id: plans.id, name: plans.name, published: plans.published, disabled: plans.disabled, product: products.name, isBundle: products.isBundle, productDisabled: products.disabled })
    .from(plans)
    .innerJoin(products, eq(products.id, plans.productId))
    .where(inArray(plans.id, ids));
  const linked = new Set((await tx.select({ id: planLinks.linkedPlanId }).from(planLinks).where(and(eq(planLinks.planId, planId), inArray(planLinks.linkedPlanId, ids)))).map((row) => row.id));
  const prices = await tx
    .select({ planId: planPrices.planId, amount: planPrices.amount })
    .from(planPrices)
    .where(and(inArray(planPrices.planId, ids), eq(planPrices.currency, currency), eq(planPrices.billingCycle, cycle)));
  const errors: FieldError[] = [];
  const bundles: SubscriptionBundle[] = [];
  const seen = new Set<string>();
  bundlePlanIds.forEach((id, i) => {
    const field = `bundlePlanIds.${i}`;
    const row = rows.find((candidate) => candidate.id === id);
    const price = prices.find((candidate) => candidate.planId === id);
    if (seen.has(id)) errors.push({ field, code: 'invalid_bundle', message: 'This bundle is chosen twice.' });
    else if (!row || !linked.has(id)) errors.push({ field, code: 'invalid_bundle', message: 'This bundle is not offered with the plan.' });
    else if (!row.isBundle) errors.push({ field, code: 'invalid_bundle', message: 'This plan is not a bundle.' });
    else if (!row.published || row.disabled || row.productDisabled) errors.push({ field, code: 'invalid_bundle', message: 'This bundle is not on sale.' });
    else if (!price) errors.push({ field, code: 'invalid_bundle', message: `This bundle has no ${cycle} price in ${currency}.` });
    else bundles.push({ planId: id, product: row.product, plan: row.name, unitAmount: price.amount });
    seen.add(id);
  });
  if (errors.length > 0) throw new ProblemError(400, 'validation_failed', { errors });
  return bundles;
}

/**
 * The bundles a change keeps when it does not name them: the current ones still offered with the
 * new plan in its cycle (a bundle the new plan does not offer is dropped).
 */
export async function keptBundles(tx: Database, current: readonly SubscriptionBundle[], planId: string, currency: string, cycle: Cycle): Promise<SubscriptionBundle[]> {
  const kept: SubscriptionBundle[] = [];
  for (const bundle of current) {
    if (!bundle.planId) continue;
    try {
      kept.push(...(await resolveBundles(tx, planId, [bundle.planId], currency, cycle)));
    } catch (error) {
      if (!(error instanceof ProblemError)) throw error;
    }
  }
  return kept;
}

/** Invoice line labels: "Storage bundle Cloud storage 1 TB (monthly)". */
export const bundleLabel = (bundle: Pick<SubscriptionBundle, 'product' | 'plan'>, cycle: Cycle): string => `${bundle.product} ${bundle.plan} (${cycle})`;
