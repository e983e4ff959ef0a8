import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok, type operations, type Schema } from '@portal/api-client';
import { devClientKeys } from './keys';

export type GetDevClientsParams = NonNullable<operations['getDevClients']['parameters']['query']>;
export type DevClient = Schema<'DevClient'>;

export function getDevClients(params: GetDevClientsParams, signal?: AbortSignal) {
  return ok(api().GET('/dev-clients', { params: { query: params }, signal }));
}

export function getDevClientsQueryOptions(params: GetDevClientsParams) {
  return queryOptions({ queryKey: devClientKeys.list(params), queryFn: ({ signal }) => getDevClients(params, signal) });
}

/** One page of the tenant's developer clients, by name; secrets are never listed. */
export function useDevClients(params: GetDevClientsParams) {
  return useQuery({ ...getDevClientsQueryOptions(params), placeholderData: keepPreviousData });
}
