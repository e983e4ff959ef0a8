import { useQuery } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import { roleKeys } from './keys';

export function getUnassignedRoles(signal?: AbortSignal) {
  return ok(api().GET('/roles/unassigned', { signal }));
}

/** The tenant's roles no user holds. */
export function useUnassignedRoles(options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: roleKeys.unassigned(), queryFn: ({ signal }) => getUnassignedRoles(signal), enabled: options.enabled });
}
