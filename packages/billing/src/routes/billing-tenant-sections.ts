import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { lazy, type ComponentType } from 'react';

// Loaded when the tab opens: the portal composes these with its route list, which is in the first download.
const TenantSubscriptionsSection = lazy(async () => ({ default: (await import('../components/tenant-subscriptions-section')).TenantSubscriptionsSection }));
const TenantTransactionsSection = lazy(async () => ({ default: (await import('../components/tenant-transactions-section')).TenantTransactionsSection }));

/** A tab of the tenant detail, in the shape the tenants feature takes it (the portal composes them). */
export type BillingTenantSection = { id: string; label: MessageDescriptor; after: 'sso'; component: ComponentType<{ tenantId: string }> };

/** The tenant's subscriptions and transactions, after its SSO providers. */
export const billingTenantSections: readonly BillingTenantSection[] = [
  { id: 'subscriptions', label: msg`Subscriptions`, after: 'sso', component: TenantSubscriptionsSection },
  { id: 'transactions', label: msg`Transactions`, after: 'sso', component: TenantTransactionsSection },
];
