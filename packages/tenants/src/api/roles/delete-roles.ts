import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import { invalidateRoles } from './invalidate-roles';

/** "Delete all": every custom role the caller may edit; answers how many went and stayed. */
export function deleteRoles() {
  return ok(api().DELETE('/roles'));
}

export function useDeleteRoles() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteRoles, onSuccess: () => invalidateRoles(queryClient) });
}
