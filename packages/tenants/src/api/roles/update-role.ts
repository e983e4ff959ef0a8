import { useMutation, useQueryClient, type MutationMeta } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { invalidateRoles } from './invalidate-roles';

export type RoleUpdate = Schema<'RoleUpdate'>;
export type UpdateRoleInput = { roleId: string; changes: RoleUpdate };

export function updateRole({ roleId, changes }: UpdateRoleInput) {
  return ok(api().PATCH('/roles/{roleId}', { params: { path: { roleId } }, body: changes }));
}

/** Edits, enables or disables a role. */
export function useUpdateRole({ meta }: { meta?: MutationMeta } = {}) {
  const queryClient = useQueryClient();
  return useMutation({ meta, mutationFn: updateRole, onSuccess: () => invalidateRoles(queryClient) });
}
