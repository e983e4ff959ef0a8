import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok, type operations, type Schema } from '@portal/api-client';
import { didKeys } from './keys';

export type GetDidsParams = NonNullable<operations['getDids']['parameters']['query']>;
export type Did = Schema<'Did'>;

export function getDids(params: GetDidsParams, signal?: AbortSignal) {
  return ok(api().GET('/dids', { params: { query: params }, signal }));
}

export function getDidsQueryOptions(params: GetDidsParams) {
  return queryOptions({ queryKey: didKeys.list(params), queryFn: ({ signal }) => getDids(params, signal) });
}

/** One page of the tenant's phone numbers (super administrator), by number. */
export function useDids(params: GetDidsParams) {
  return useQuery({ ...getDidsQueryOptions(params), placeholderData: keepPreviousData });
}
