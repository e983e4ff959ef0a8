import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok, type operations } from '@portal/api-client';
import { billingKeys } from './billing-keys';

export type TenantRecordsParams = NonNullable<operations['getTenantTransactions']['parameters']['query']>;

export function getTenantTransactions(tenantId: string, params: TenantRecordsParams, signal?: AbortSignal) {
  return ok(api().GET('/tenants/{tenantId}/transactions', { params: { path: { tenantId }, query: params }, signal }));
}

export function getTenantTransactionsQueryOptions(tenantId: string, params: TenantRecordsParams) {
  return queryOptions({
    queryKey: [...billingKeys.detail(tenantId), 'transactions', params] as const,
    queryFn: ({ signal }) => getTenantTransactions(tenantId, params, signal),
  });
}

/** One page of the tenant's payment transactions, newest first; the previous page stays while the next loads. */
export function useTenantTransactions(tenantId: string, params: TenantRecordsParams) {
  return useQuery({ ...getTenantTransactionsQueryOptions(tenantId, params), placeholderData: keepPreviousData });
}
