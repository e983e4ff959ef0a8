// An in-memory stand-in for Current plans' and Pending plans' operations of openapi/portal.yaml
// (getSubscriptions, previewPlanChange, editPurchasedPlan, cancelPlan, deleteSubscription, payInvoice, and the
// Upgrade of a pending plan: validatePurchaseRequest for its total, upgradePendingPlan), answering
// through the real api-client in the server's shapes (apps/server/src/billing/subscriptions.ts).
import type { Schema } from '@portal/api-client';
import { installFakeApi, json, noContent, problem, type FakeReply, type FakeRoutes } from '@portal/auth/testing';
import { notify } from '@portal/ui-kit';
import { fakeInvoices } from './fake-invoices-api';

type Subscription = Schema<'Subscription'>;

export type FakeSubscriptionsOperation = 'getSubscriptions' | 'getPlanUsage' | 'previewPlanChange' | 'editPurchasedPlan' | 'changePlan' | 'cancelPlan' | 'deleteSubscription' | 'validatePurchaseRequest' | 'upgradePendingPlan' | 'payInvoice';
export type FakeSubscriptionsRequest = { operation: FakeSubscriptionsOperation; path: string; query: URLSearchParams; body: unknown };
export type FakeSubscriptionsApiOptions = { subscriptions?: Subscription[]; failing?: FakeSubscriptionsOperation[]; /** Current plans' usage against the plan (getPlanUsage). */ usage?: Schema<'PlanUsage'>; /** The plans on sale (selectPublishedPlan), for Change plan. */ plans?: Schema<'Plan'>[] };
export type FakeSubscriptionsApi = { requests: FakeSubscriptionsRequest[]; requestsOf: (operation: FakeSubscriptionsOperation) => FakeSubscriptionsRequest[]; subscriptions: Subscription[] };

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function fakeBillingSubscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    id: id(6100),
    tenantId: id(1),
    planId: id(6200),
    product: 'Meeting',
    plan: 'Business',
    licenses: 10,
    billingCycle: 'monthly',
    status: 'active',
    autoRenewal: true,
    currency: 'USD',
    unitAmount: 1200,
    bundles: [],
    effectiveDate: '2025-01-31T10:00:00.000Z',
    currentPeriodStart: '2025-02-28T10:00:00.000Z',
    currentPeriodEnd: '2025-03-31T10:00:00.000Z',
    nextInvoiceDate: '2025-03-31T10:00:00.000Z',
    nextInvoiceAmount: 12000,
    cancelAtPeriodEnd: false,
    provider: 'manual',
    creditBalance: 0,
    pendingChanges: [],
    openInvoiceId: null,
    createdAt: '2025-01-31T10:00:00.000Z',
    ...overrides,
  };
}

/** A tenant of 10 licences with 7 seats held, 0.9 GB of 1 GB of recordings, no limit on meetings at once. */
export function fakePlanUsage(overrides: Partial<Schema<'PlanUsage'>> = {}): Schema<'PlanUsage'> {
  return {
    seats: { used: 7, limit: 10 },
    storageBytes: { used: Math.round(0.9 * 1024 ** 3), limit: 1024 ** 3 },
    concurrentMeetings: { used: 2, limit: null },
    participantsPerMeeting: 100,
    meetingDurationMinutes: null,
    ...overrides,
  };
}

const PERIOD_SECONDS = 31 * 86_400;
const REMAINING_SECONDS = 15 * 86_400;

export function installFakeSubscriptionsApi(options: FakeSubscriptionsApiOptions = {}): FakeSubscriptionsApi {
  const requests: FakeSubscriptionsRequest[] = [];
  const subscriptions = [...(options.subscriptions ?? [])];
  const seen = async (operation: FakeSubscriptionsOperation, request: Request) => {
    const url = new URL(request.url);
    const text = request.body ? await request.clone().text() : '';
    requests.push({ operation, path: url.pathname, query: url.searchParams, body: text ? (JSON.parse(text) as unknown) : undefined });
    return url.searchParams;
  };
  const failing = (operation: FakeSubscriptionsOperation) => options.failing?.includes(operation);
  /** An operation on one subscription: recorded, then answered with the subscription as it is now (404 for one the fake does not hold). */
  const ofSubscription =
    (operation: FakeSubscriptionsOperation, answer: (request: Request, current: Subscription, index: number) => FakeReply | Promise<FakeReply>) =>
    async (request: Request, { subscriptionId }: { subscriptionId: string }) => {
      const index = subscriptions.findIndex((s) => s.id === subscriptionId);
      const current = subscriptions[index];
      if (!current) return problem(404, 'not_found');
      await seen(operation, request);
      return answer(request, current, index);
    };
  const routes: FakeRoutes = {
    selectPublishedPlan: json({ items: options.plans ?? [], nextCursor: null }),
    getPlanUsage: async (request) => {
      await seen('getPlanUsage', request);
      return failing('getPlanUsage') ? problem(500, 'internal') : json(options.usage ?? fakePlanUsage());
    },
    getSubscriptions: async (request) => {
      const query = await seen('getSubscriptions', request);
      if (failing('getSubscriptions')) return problem(500, 'internal');
      const state = query.get('state');
      const items = subscriptions.filter((s) => (state === 'current' ? s.status === 'active' || s.status === 'past_due' : state === 'pending' ? s.status === 'pending' || s.pendingChanges.length > 0 : true));
      return json({ items, nextCursor: null });
    },
    previewPlanChange: ofSubscription('previewPlanChange', async (request, current) => {
      const { licenses, planId } = JSON.parse(await request.clone().text()) as { licenses: number; planId?: string };
      const newPlan = planId && planId !== current.planId ? options.plans?.find((plan) => plan.id === planId) : undefined;
      if (newPlan) {
        const unit = newPlan.prices.find((price) => price.currency === current.currency && price.billingCycle === current.billingCycle)?.amount ?? 0;
        const credit = Math.round((current.unitAmount * current.licenses * REMAINING_SECONDS) / PERIOD_SECONDS);
        const charge = Math.round((unit * licenses * REMAINING_SECONDS) / PERIOD_SECONDS);
        return json({ currency: current.currency, immediate: true, effectiveAt: '2025-03-16T10:00:00.000Z', remainingSeconds: REMAINING_SECONDS, periodSeconds: PERIOD_SECONDS, credit, charge, net: charge - credit, lines: [], total: Math.max(0, charge - credit), creditBalance: Math.max(0, credit - charge), nextInvoiceAmount: unit * licenses });
      }
      if (licenses < current.licenses) {
        return json({ currency: current.currency, immediate: false, effectiveAt: current.currentPeriodEnd, remainingSeconds: 0, periodSeconds: PERIOD_SECONDS, credit: 0, charge: 0, net: 0, lines: [], total: 0, creditBalance: 0, nextInvoiceAmount: current.unitAmount * licenses });
      }
      const credit = Math.round((current.unitAmount * current.licenses * REMAINING_SECONDS) / PERIOD_SECONDS);
      const charge = Math.round((current.unitAmount * licenses * REMAINING_SECONDS) / PERIOD_SECONDS);
      return json({ currency: current.currency, immediate: true, effectiveAt: '2025-03-16T10:00:00.000Z', remainingSeconds: REMAINING_SECONDS, periodSeconds: PERIOD_SECONDS, credit, charge, net: charge - credit, lines: [], total: charge - credit, creditBalance: 0, nextInvoiceAmount: current.unitAmount * licenses });
    }),
    editPurchasedPlan: ofSubscription('editPurchasedPlan', (_request, current) => {
      if (failing('editPurchasedPlan')) return problem(500, 'internal');
      return json({ subscription: current, invoice: null, redirectUrl: null });
    }),
    changePlan: ofSubscription('changePlan', (_request, current) => json({ subscription: current, invoice: null, redirectUrl: null })),
    cancelPlan: ofSubscription('cancelPlan', (_request, current, index) => {
      subscriptions[index] = { ...current, cancelAtPeriodEnd: true, nextInvoiceDate: null, nextInvoiceAmount: null };
      return json(subscriptions[index]);
    }),
    deleteSubscription: ofSubscription('deleteSubscription', (_request, _current, index) => {
      subscriptions.splice(index, 1);
      return noContent();
    }),
    // How to pay a subscription's open invoice: by bank transfer (no checkout page), as the server answers a manual one.
    payInvoice: async (request, { invoiceId }: { invoiceId: string }) => {
      const owner = subscriptions.find((s) => s.openInvoiceId === invoiceId);
      if (!owner) return problem(404, 'not_found');
      await seen('payInvoice', request);
      if (failing('payInvoice')) return problem(409, 'invoice_not_open');
      const invoice = { ...fakeInvoices(1)[0]!, id: invoiceId, subscriptionId: owner.id, number: 'INV-000044', status: 'open' as const, purpose: 'change' as const, paidAt: null, provider: owner.provider };
      return json({ invoice, redirectUrl: null });
    },
    // The purchase's total as the server prices it: (plan + bundles) × licences, from the plans on sale.
    validatePurchaseRequest: async (request) => {
      await seen('validatePurchaseRequest', request);
      const body = JSON.parse(await request.clone().text()) as Schema<'PurchaseRequest'>;
      const priced = priceOf(options.plans ?? [], body);
      if (!priced) return problem(409, 'price_unavailable');
      return json(priced.quote);
    },
    upgradePendingPlan: ofSubscription('upgradePendingPlan', async (request, current, index) => {
      if (failing('upgradePendingPlan')) return problem(409, 'subscription_not_pending');
      const body = JSON.parse(await request.clone().text()) as Schema<'UpgradeRequest'>;
      const priced = priceOf(options.plans ?? [], { planId: body.planId ?? current.planId ?? '', licenses: body.licenses ?? current.licenses, billingCycle: current.billingCycle, currency: current.currency, bundlePlanIds: body.bundlePlanIds ?? [] });
      if (!priced) return problem(400, 'validation_failed');
      const { quote } = priced;
      subscriptions[index] = { ...current, planId: quote.planId, plan: quote.plan, licenses: quote.licenses, unitAmount: quote.unitAmount, bundles: quote.bundles, nextInvoiceAmount: quote.total };
      const invoice = { ...fakeInvoices(1)[0]!, number: 'INV-000043', status: 'open' as const, paidAt: null, total: quote.total, subtotal: quote.total, lines: quote.lines };
      return json({ subscription: subscriptions[index], invoice, redirectUrl: null });
    }),
  };
  installFakeApi(routes);
  return { requests, subscriptions, requestsOf: (operation) => requests.filter((request) => request.operation === operation) };
}

/** A purchase priced from `plans` as the server would, or null when the plan has no such price. */
function priceOf(plans: readonly Schema<'Plan'>[], body: Schema<'PurchaseRequest'>): { quote: Schema<'PurchaseQuote'> } | null {
  const amountOf = (planId: string) => plans.find((plan) => plan.id === planId)?.prices.find((price) => price.currency === body.currency && price.billingCycle === body.billingCycle)?.amount;
  const plan = plans.find((candidate) => candidate.id === body.planId);
  const unitAmount = amountOf(body.planId);
  if (!plan || unitAmount === undefined) return null;
  const bundles = (body.bundlePlanIds ?? []).flatMap((bundleId) => {
    const bundle = plans.find((candidate) => candidate.id === bundleId);
    const amount = amountOf(bundleId);
    return bundle && amount !== undefined ? [{ planId: bundle.id, product: bundle.productName, plan: bundle.name, unitAmount: amount }] : [];
  });
  const period = { periodStart: '2025-03-16T10:00:00.000Z', periodEnd: '2025-04-16T10:00:00.000Z' };
  const lines = [{ product: plan.productName, plan: plan.name, unitAmount }, ...bundles].map((item) => ({ kind: 'subscription' as const, description: `${item.product} ${item.plan} (${body.billingCycle})`, quantity: body.licenses, unitAmount: item.unitAmount, amount: item.unitAmount * body.licenses, ...period }));
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  return { quote: { planId: plan.id, plan: plan.name, product: plan.productName, licenses: body.licenses, billingCycle: body.billingCycle, currency: body.currency, unitAmount, bundles, ...period, lines, subtotal: total, tax: 0, total } };
}

export function fakeSubscriptionsApiLoader(options: FakeSubscriptionsApiOptions = {}): () => { api: FakeSubscriptionsApi } {
  return () => {
    notify.clean();
    return { api: installFakeSubscriptionsApi(options) };
  };
}

export const loadedSubscriptionsApi = (loaded: Record<string, unknown>): FakeSubscriptionsApi => loaded.api as FakeSubscriptionsApi;
