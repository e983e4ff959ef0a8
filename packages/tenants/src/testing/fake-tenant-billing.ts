// The billing-records part of the tenants fake (openapi/portal.yaml /tenants/{tenantId}/subscriptions
// and /transactions): each tenant's records as given, newest first, paged by limit and cursor like
// the server (apps/server/src/tenants/billing-records.ts).
import type { Schema } from '@portal/api-client';
import { json } from './fake-responses';
import { fakePage } from './fake-users-api';

type TenantTransaction = Schema<'TenantTransaction'>;
type TenantSubscription = Schema<'TenantSubscription'>;

export type FakeTenantBillingOperation = 'getTenantTransactions' | 'getTenantSubscriptions';

export type FakeTenantBillingOptions = {
  /** Payment transactions by tenant id, newest first; a tenant not named has none. */
  transactions?: Record<string, TenantTransaction[]>;
  /** Subscriptions by tenant id, newest first; a tenant not named has none. */
  subscriptions?: Record<string, TenantSubscription[]>;
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

export function billingOperationOf(path: string): FakeTenantBillingOperation | undefined {
  if (/^\/tenants\/[^/]+\/transactions$/.test(path)) return 'getTenantTransactions';
  if (/^\/tenants\/[^/]+\/subscriptions$/.test(path)) return 'getTenantSubscriptions';
  return undefined;
}

export function createFakeTenantBilling(options: FakeTenantBillingOptions = {}) {
  return {
    handle(operation: FakeTenantBillingOperation, tenantId: string, query: URLSearchParams): Response {
      const records = operation === 'getTenantTransactions' ? options.transactions : options.subscriptions;
      return json(200, fakePage<unknown>(records?.[tenantId] ?? [], query));
    },
  };
}
