import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok, type operations, type Schema } from '@portal/api-client';
import { clientKeys } from './keys';

export type GetClientsParams = NonNullable<operations['getClients']['parameters']['query']>;
export type MediaClient = Schema<'MediaClient'>;

export function getClients(params: GetClientsParams, signal?: AbortSignal) {
  return ok(api().GET('/clients', { params: { query: params }, signal }));
}

export function getClientsQueryOptions(params: GetClientsParams) {
  return queryOptions({ queryKey: clientKeys.list(params), queryFn: ({ signal }) => getClients(params, signal) });
}

/** One page of media clients of every tenant (super administrator), by name. */
export function useClients(params: GetClientsParams) {
  return useQuery({ ...getClientsQueryOptions(params), placeholderData: keepPreviousData });
}
