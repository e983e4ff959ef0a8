// Bundles as the server sells them (apps/server/src/billing/bundles.ts): the plans of an is-bundle
// product among a plan's linked plans, on sale (in the published list) and priced in the chosen
// currency and cycle. The screens offer these; the server checks them again and prices the total.
import type { Schema } from '@portal/api-client';

type Plan = Schema<'Plan'>;
type Cycle = Schema<'PurchaseRequest'>['billingCycle'];

export type OfferedBundle = { plan: Plan; unitAmount: number };

/** The bundles `planId` offers in `cycle` and `currency`, from the published plans; none until all three are chosen. */
export function offeredBundles(published: readonly Plan[], planId: string | null, cycle: Cycle | null, currency: string | null): OfferedBundle[] {
  const plan = published.find((candidate) => candidate.id === planId);
  if (!plan || !cycle || !currency) return [];
  return plan.linkedPlans.flatMap((link) => {
    const bundle = published.find((candidate) => candidate.id === link.id && candidate.productIsBundle);
    const price = bundle?.prices.find((candidate) => candidate.billingCycle === cycle && candidate.currency === currency);
    return bundle && price ? [{ plan: bundle, unitAmount: price.amount }] : [];
  });
}

/** The chosen ids the offer still holds (a new plan, cycle or currency drops the others). */
export const keepOffered = (chosen: readonly string[], offered: readonly OfferedBundle[]): string[] => chosen.filter((id) => offered.some((bundle) => bundle.plan.id === id));
