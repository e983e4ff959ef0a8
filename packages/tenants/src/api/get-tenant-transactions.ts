import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import { tenantKeys } from './tenant-keys';

export function getTenantTransactions(tenantId: string, signal?: AbortSignal) {
  return ok(api().GET('/tenants/{tenantId}/transactions', { params: { path: { tenantId } }, signal }));
}

export function getTenantTransactionsQueryOptions(tenantId: string) {
  return queryOptions({ queryKey: [...tenantKeys.detail(tenantId), 'transactions'] as const, queryFn: ({ signal }) => getTenantTransactions(tenantId, signal) });
}

/** The tenant's payment transactions (empty until billing exists). */
export function useTenantTransactions(tenantId: string) {
  return useQuery(getTenantTransactionsQueryOptions(tenantId));
}
