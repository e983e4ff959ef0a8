import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import { invalidateRoles } from './invalidate-roles';

export function deleteRole({ roleId }: { roleId: string }) {
  return ok(api().DELETE('/roles/{roleId}', { params: { path: { roleId } } }));
}

export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteRole, onSuccess: () => invalidateRoles(queryClient) });
}
