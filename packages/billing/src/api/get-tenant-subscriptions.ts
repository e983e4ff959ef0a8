import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import type { TenantRecordsParams } from './get-tenant-transactions';
import { billingKeys } from './billing-keys';

export function getTenantSubscriptions(tenantId: string, params: TenantRecordsParams, signal?: AbortSignal) {
  return ok(api().GET('/tenants/{tenantId}/subscriptions', { params: { path: { tenantId }, query: params }, signal }));
}

export function getTenantSubscriptionsQueryOptions(tenantId: string, params: TenantRecordsParams) {
  return queryOptions({
    queryKey: [...billingKeys.detail(tenantId), 'subscriptions', params] as const,
    queryFn: ({ signal }) => getTenantSubscriptions(tenantId, params, signal),
  });
}

/** One page of the tenant's subscriptions, newest first; the previous page stays while the next loads. */
export function useTenantSubscriptions(tenantId: string, params: TenantRecordsParams) {
  return useQuery({ ...getTenantSubscriptionsQueryOptions(tenantId, params), placeholderData: keepPreviousData });
}
