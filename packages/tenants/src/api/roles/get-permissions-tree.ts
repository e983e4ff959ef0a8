import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { roleKeys } from './keys';

export type PermissionTree = Schema<'RolePermissionTree'>;

export function getPermissionsTree(signal?: AbortSignal) {
  return ok(api().GET('/permissions/tree', { signal }));
}

export function getPermissionsTreeQueryOptions() {
  return queryOptions({ queryKey: roleKeys.permissionTree(), queryFn: ({ signal }) => getPermissionsTree(signal), staleTime: 5 * 60_000 });
}

/** The permissions the caller may grant, grouped by area (the role form's tree). */
export function usePermissionsTree() {
  return useQuery(getPermissionsTreeQueryOptions());
}
