import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { roleKeys } from './role-keys';
import { invalidateRoles } from './save-role';

export type UnassignedRolesEdit = Schema<'UnassignedRolesEdit'>;

export function getUnassignedRoles(signal?: AbortSignal) {
  return ok(api().GET('/roles/unassigned', { signal }));
}

export function editUnassignedRoles(body: UnassignedRolesEdit) {
  return ok(api().POST('/roles/unassigned', { body }));
}

/** The tenant's roles no user holds. */
export function useUnassignedRoles(options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: roleKeys.unassigned(), queryFn: ({ signal }) => getUnassignedRoles(signal), enabled: options.enabled });
}

/** Enables, disables or deletes several unassigned roles at once. */
export function useEditUnassignedRoles() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: editUnassignedRoles, onSuccess: () => invalidateRoles(queryClient) });
}
