import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok, type operations } from '@portal/api-client';
import { tenantKeys } from './keys';

export type GetTenantsParams = NonNullable<operations['getTenants']['parameters']['query']>;

export function getTenants(params: GetTenantsParams, signal?: AbortSignal) {
  return ok(api().GET('/tenants', { params: { query: params }, signal }));
}

export function getTenantsQueryOptions(params: GetTenantsParams) {
  return queryOptions({
    queryKey: tenantKeys.list(params),
    queryFn: ({ signal }) => getTenants(params, signal),
  });
}

/** Tenants visible to the caller (all of them for the super administrator). */
export function useTenants(params: GetTenantsParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getTenantsQueryOptions(params), placeholderData: keepPreviousData, enabled: options.enabled });
}
