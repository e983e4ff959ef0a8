import type { Schema } from '@portal/api-client';

type PurchaseRequest = Schema<'PurchaseRequest'>;
type Cycle = PurchaseRequest['billingCycle'];

/** Query parameters of a purchase in the address (purchase-plan's choices, payment-review's request), so reload and back keep it. */
export const PURCHASE_REQUEST_QUERY = { plan: 'plan', licenses: 'licenses', cycle: 'cycle', currency: 'currency', bundle: 'bundle', autoRenewal: 'autoRenewal', provider: 'provider' } as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const CYCLES: readonly string[] = ['monthly', 'yearly'] satisfies Cycle[];

/** The purchase as query parameters (the bundles, one `bundle` each, and the provider only when chosen). */
export function purchaseQuery(request: PurchaseRequest): URLSearchParams {
  const query = new URLSearchParams({
    [PURCHASE_REQUEST_QUERY.plan]: request.planId,
    [PURCHASE_REQUEST_QUERY.licenses]: String(request.licenses),
    [PURCHASE_REQUEST_QUERY.cycle]: request.billingCycle,
    [PURCHASE_REQUEST_QUERY.currency]: request.currency,
    [PURCHASE_REQUEST_QUERY.autoRenewal]: String(request.autoRenewal ?? true),
  });
  for (const id of request.bundlePlanIds ?? []) query.append(PURCHASE_REQUEST_QUERY.bundle, id);
  if (request.provider) query.set(PURCHASE_REQUEST_QUERY.provider, request.provider);
  return query;
}

/** What of a purchase the query holds; the server judges the values. */
export function purchaseChoices(query: URLSearchParams) {
  const licenses = query.get(PURCHASE_REQUEST_QUERY.licenses);
  const cycle = query.get(PURCHASE_REQUEST_QUERY.cycle);
  const provider = query.get(PURCHASE_REQUEST_QUERY.provider);
  return {
    planId: query.get(PURCHASE_REQUEST_QUERY.plan),
    licenses: licenses && /^\d{1,3}$/.test(licenses) ? licenses : null,
    billingCycle: cycle && CYCLES.includes(cycle) ? (cycle as Cycle) : null,
    currency: query.get(PURCHASE_REQUEST_QUERY.currency),
    bundlePlanIds: query.getAll(PURCHASE_REQUEST_QUERY.bundle).filter((id) => UUID.test(id)),
    autoRenewal: query.get(PURCHASE_REQUEST_QUERY.autoRenewal) !== 'false',
    provider: provider === 'stripe' || provider === 'manual' ? (provider as NonNullable<PurchaseRequest['provider']>) : null,
  };
}

/** The whole purchase request of the query, or null when a required part is missing. */
export function purchaseFromQuery(query: URLSearchParams): PurchaseRequest | null {
  const choices = purchaseChoices(query);
  if (!choices.planId || !choices.licenses || !choices.billingCycle || !choices.currency) return null;
  return {
    planId: choices.planId,
    licenses: Number(choices.licenses),
    billingCycle: choices.billingCycle,
    currency: choices.currency,
    ...(choices.bundlePlanIds.length > 0 ? { bundlePlanIds: choices.bundlePlanIds } : {}),
    autoRenewal: choices.autoRenewal,
    ...(choices.provider ? { provider: choices.provider } : {}),
  };
}
