import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ComponentType } from 'react';
import { TenantSubscriptionsSection } from '../components/tenant-subscriptions-section';
import { TenantTransactionsSection } from '../components/tenant-transactions-section';

/** A tab of the tenant detail, in the shape the tenants feature takes it (the portal composes them). */
export type BillingTenantSection = { id: string; label: MessageDescriptor; after: 'sso'; component: ComponentType<{ tenantId: string }> };

/** The tenant's subscriptions and transactions, after its SSO providers. */
export const billingTenantSections: readonly BillingTenantSection[] = [
  { id: 'subscriptions', label: msg`Subscriptions`, after: 'sso', component: TenantSubscriptionsSection },
  { id: 'transactions', label: msg`Transactions`, after: 'sso', component: TenantTransactionsSection },
];
