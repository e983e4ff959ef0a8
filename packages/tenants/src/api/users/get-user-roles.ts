import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import { userKeys } from './keys';

export function getUserRoles(signal?: AbortSignal) {
  return ok(api().GET('/roles/assignable', { signal }));
}

export function getUserRolesQueryOptions() {
  return queryOptions({
    queryKey: userKeys.assignableRoles(),
    queryFn: ({ signal }) => getUserRoles(signal),
    // Roles change rarely; reopening the user form should not refetch them every time.
    staleTime: 5 * 60_000,
  });
}

/** The roles the caller may give to users of this tenant. */
export function useUserRoles(options: { enabled?: boolean } = {}) {
  return useQuery({ ...getUserRolesQueryOptions(), enabled: options.enabled });
}
