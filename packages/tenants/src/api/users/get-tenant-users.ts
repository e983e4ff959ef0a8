import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import type { GetUsersParams } from './get-users';
import { userKeys } from './keys';

export function getTenantUsers(tenantId: string, params: GetUsersParams, signal?: AbortSignal) {
  return ok(api().GET('/tenants/{tenantId}/users', { params: { path: { tenantId }, query: params }, signal }));
}

// Among the users lists (`userKeys.lists()`), so every user mutation refreshes it too.
export function getTenantUsersQueryOptions(tenantId: string, params: GetUsersParams) {
  return queryOptions({
    queryKey: userKeys.list({ tenantId, ...params }),
    queryFn: ({ signal }) => getTenantUsers(tenantId, params, signal),
  });
}

/**
 * One page of one tenant's users (getTenantUsers: the caller's own tenant, or any tenant for the
 * platform super administrator), with the parameters and paging of `useUsers`.
 */
export function useTenantUsers(tenantId: string, params: GetUsersParams) {
  return useQuery({ ...getTenantUsersQueryOptions(tenantId, params), placeholderData: keepPreviousData });
}
