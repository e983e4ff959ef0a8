import type { Schema } from '@portal/api-client';
import { installFakeApi, json, problem } from '@portal/auth/testing';
import { notify } from '@portal/ui-kit';
import { fakeInvoices } from './fake-invoices-api';
import { fakeBillingSubscription } from './fake-subscriptions-api';

type Plan = Schema<'Plan'>;
type Quote = Schema<'PurchaseQuote'>;

/**
 * The server's total of `licenses` licences of the plan's first price with `bundles` (each at its
 * price in that cycle and currency), one line each, for a month from 31 January 2025.
 */
export function fakePurchaseQuote(plan: Plan, licenses = 10, bundles: Plan[] = []): Quote {
  const price = plan.prices[0] ?? { currency: 'USD', billingCycle: 'monthly' as const, amount: 0 };
  const period = { periodStart: '2025-01-31T10:00:00.000Z', periodEnd: '2025-02-28T10:00:00.000Z' };
  const bought = bundles.map((bundle) => ({ planId: bundle.id, product: bundle.productName, plan: bundle.name, unitAmount: bundle.prices.find((p) => p.currency === price.currency && p.billingCycle === price.billingCycle)?.amount ?? 0 }));
  const lines = [{ product: plan.productName, plan: plan.name, unitAmount: price.amount }, ...bought].map((item) => ({ kind: 'subscription' as const, description: `${item.product} ${item.plan} (${price.billingCycle})`, quantity: licenses, unitAmount: item.unitAmount, amount: item.unitAmount * licenses, ...period }));
  const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
  return { planId: plan.id, plan: plan.name, product: plan.productName, licenses, billingCycle: price.billingCycle, currency: price.currency, unitAmount: price.amount, bundles: bought, ...period, lines, subtotal, tax: 0, total: subtotal };
}

export type FakePurchaseApi = { quotes: unknown[]; purchases: unknown[] };
export type FakePurchaseApiOptions = { plans: Plan[]; quote: Quote; quoteFails?: boolean; purchaseFails?: boolean; redirectUrl?: string | null };

/** The purchase's calls (published plans, quote, purchase), recording the bodies they were sent. */
export function installFakePurchaseApi(options: FakePurchaseApiOptions): FakePurchaseApi {
  const recorded: FakePurchaseApi = { quotes: [], purchases: [] };
  installFakeApi({
    selectPublishedPlan: json({ items: options.plans, nextCursor: null }),
    validatePurchaseRequest: async (request) => {
      recorded.quotes.push(JSON.parse(await request.text()));
      return options.quoteFails ? problem(409, 'price_unavailable') : json(options.quote);
    },
    purchasePlan: async (request) => {
      recorded.purchases.push(JSON.parse(await request.text()));
      if (options.purchaseFails) return problem(409, 'payment_provider_unavailable');
      const invoice = { ...fakeInvoices(1)[0]!, number: 'INV-000042', status: 'open' as const, paidAt: null };
      return json({ subscription: fakeBillingSubscription({ status: 'pending' }), invoice, redirectUrl: options.redirectUrl ?? null }, 201);
    },
  });
  return recorded;
}

export function fakePurchaseApiLoader(options: FakePurchaseApiOptions): () => { purchaseApi: FakePurchaseApi } {
  return () => {
    notify.clean();
    return { purchaseApi: installFakePurchaseApi(options) };
  };
}

export const loadedPurchaseApi = (loaded: Record<string, unknown>): FakePurchaseApi => loaded.purchaseApi as FakePurchaseApi;
