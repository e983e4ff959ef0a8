import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { invalidateRoles } from './invalidate-roles';

export type UnassignedRolesEdit = Schema<'UnassignedRolesEdit'>;

export function editUnassignedRoles(body: UnassignedRolesEdit) {
  return ok(api().POST('/roles/unassigned', { body }));
}

/** Enables, disables or deletes several unassigned roles at once. */
export function useEditUnassignedRoles() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: editUnassignedRoles, onSuccess: () => invalidateRoles(queryClient) });
}
