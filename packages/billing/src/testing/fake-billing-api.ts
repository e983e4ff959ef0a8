// An in-memory stand-in for the tenant billing records of openapi/portal.yaml
// (/tenants/{tenantId}/subscriptions and /transactions), answering through the real api-client:
// each tenant's records as given, newest first, paged by limit and cursor like the server
// (apps/server/src/tenants/billing-records.ts).
import type { Schema } from '@portal/api-client';
import { fakeCurrentUser, installFakeApi, json, problem, type FakeRoutes } from '@portal/auth/testing';
import { notify } from '@portal/ui-kit';
import { fakeBillingSubscription } from './fake-subscriptions-api';

type TenantTransaction = Schema<'TenantTransaction'>;
type TenantSubscription = Schema<'TenantSubscription'>;

export type FakeBillingOperation = 'getTenantTransactions' | 'getTenantSubscriptions' | 'assignPlan';
export type FakeBillingRequest = { operation: FakeBillingOperation; path: string; query: URLSearchParams; body?: unknown };

export type FakeBillingApiOptions = {
  /** Payment transactions by tenant id, newest first; a tenant not named here or in `subscriptions` is unknown (404). */
  transactions?: Record<string, TenantTransaction[]>;
  /** Subscriptions by tenant id, newest first. */
  subscriptions?: Record<string, TenantSubscription[]>;
  failing?: FakeBillingOperation[];
  /** Signed in as the platform super administrator, with these plans on sale: Assign plan and Edit subscription answer. */
  platformPlans?: Schema<'Plan'>[];
};

export type FakeBillingApi = {
  requests: FakeBillingRequest[];
  requestsOf: (operation: FakeBillingOperation) => FakeBillingRequest[];
};

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** `count` transactions a day apart from 1 March 2025 backwards, the second one declined. */
export function fakeTransactions(count: number): TenantTransaction[] {
  return Array.from({ length: count }, (_, n) => ({
    id: id(5000 + n),
    reference: `pi_${String(n + 1).padStart(4, '0')}`,
    mode: n % 3 === 2 ? 'bank_transfer' : 'card',
    amount: 60000,
    currency: 'USD',
    status: n === 1 ? 'failed' : 'succeeded',
    remarks: n === 1 ? 'Card declined' : null,
    createdAt: new Date(Date.UTC(2025, 2, 1) - n * 86_400_000).toISOString(),
  }));
}

export function fakeSubscription(overrides: Partial<TenantSubscription> = {}): TenantSubscription {
  return {
    id: id(6000),
    product: 'meeting',
    plan: 'Business',
    licenses: 50,
    billingCycle: 'monthly',
    status: 'active',
    autoRenewal: true,
    effectiveDate: '2024-10-01T00:00:00.000Z',
    nextInvoiceDate: '2025-04-01T00:00:00.000Z',
    nextInvoiceAmount: 60000,
    currency: 'USD',
    ...overrides,
  };
}

/** The records from the `offset:<n>` cursor on, `limit` of them (25 unless asked), as the server pages. */
function recordPage<T>(records: readonly T[], query: URLSearchParams) {
  const limit = Number(query.get('limit') ?? 25);
  const start = Number(query.get('cursor')?.replace('offset:', '') ?? 0);
  const end = start + limit;
  return { items: records.slice(start, end), nextCursor: end < records.length ? `offset:${end}` : null };
}

export function installFakeBillingApi(options: FakeBillingApiOptions = {}): FakeBillingApi {
  const requests: FakeBillingRequest[] = [];
  const tenantIds = new Set([...Object.keys(options.transactions ?? {}), ...Object.keys(options.subscriptions ?? {})]);
  const records = (operation: 'getTenantTransactions' | 'getTenantSubscriptions', tenantId: string): readonly unknown[] =>
    (operation === 'getTenantTransactions' ? options.transactions : options.subscriptions)?.[tenantId] ?? [];
  const list = (operation: 'getTenantTransactions' | 'getTenantSubscriptions', resource: string) => (request: Request, { tenantId }: { tenantId: string }) => {
    if (!tenantIds.has(tenantId)) return problem(404, 'not_found');
    const path = `/tenants/${tenantId}/${resource}`;
    const query = new URL(request.url).searchParams;
    requests.push({ operation, path, query });
    if (options.failing?.includes(operation)) return problem(500, 'internal');
    return json(recordPage(records(operation, tenantId), query));
  };
  const routes: FakeRoutes = {
    getTenantTransactions: list('getTenantTransactions', 'transactions'),
    getTenantSubscriptions: list('getTenantSubscriptions', 'subscriptions'),
  };
  if (options.platformPlans) {
    routes.getCurrentUser = json(fakeCurrentUser({ role: 'superadmin' }));
    // The platform super administrator's getPlans answers every plan, published or not.
    routes.getPlans = json({ items: options.platformPlans, nextCursor: null });
    routes.assignPlan = async (request, { tenantId }) => {
      if (!tenantIds.has(tenantId)) return problem(404, 'not_found');
      requests.push({ operation: 'assignPlan', path: new URL(request.url).pathname, query: new URLSearchParams(), body: JSON.parse(await request.clone().text()) as unknown });
      return json(fakeBillingSubscription({ tenantId }), 201);
    };
  }
  installFakeApi(routes);
  return { requests, requestsOf: (operation) => requests.filter((request) => request.operation === operation) };
}

/** A story loader installing the fake; play functions read it as `loaded.api`. */
export function fakeBillingApiLoader(options: FakeBillingApiOptions = {}): () => { api: FakeBillingApi } {
  return () => {
    notify.clean();
    return { api: installFakeBillingApi(options) };
  };
}

export const loadedBillingApi = (loaded: Record<string, unknown>): FakeBillingApi => loaded.api as FakeBillingApi;
