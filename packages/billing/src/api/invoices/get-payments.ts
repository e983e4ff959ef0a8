import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok, type operations } from '@portal/api-client';
import { invoiceKeys } from './invoice-keys';

export type PaymentsParams = NonNullable<operations['getPayments']['parameters']['query']>;

export function getPayments(params: PaymentsParams, signal?: AbortSignal) {
  return ok(api().GET('/billing/payments', { params: { query: params }, signal }));
}

export function getPaymentsQueryOptions(params: PaymentsParams) {
  return queryOptions({ queryKey: invoiceKeys.list({ resource: 'payments', ...params }), queryFn: ({ signal }) => getPayments(params, signal) });
}

/** One page of the tenant's payment transactions, newest first. */
export function usePayments(params: PaymentsParams, enabled = true) {
  return useQuery({ ...getPaymentsQueryOptions(params), placeholderData: keepPreviousData, enabled });
}
