import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok, type operations } from '@portal/api-client';
import { invoiceKeys } from './invoice-keys';

export type InvoicesParams = NonNullable<operations['getInvoices']['parameters']['query']>;

export function getInvoices(params: InvoicesParams, signal?: AbortSignal) {
  return ok(api().GET('/billing/invoices', { params: { query: params }, signal }));
}

export function getInvoicesQueryOptions(params: InvoicesParams) {
  return queryOptions({ queryKey: invoiceKeys.list({ resource: 'invoices', ...params }), queryFn: ({ signal }) => getInvoices(params, signal) });
}

/** One page of the tenant's invoices, newest first; the previous page stays while the next loads. */
export function useInvoices(params: InvoicesParams, enabled = true) {
  return useQuery({ ...getInvoicesQueryOptions(params), placeholderData: keepPreviousData, enabled });
}
