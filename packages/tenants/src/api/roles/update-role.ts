import { useMutation, useQueryClient, type MutationMeta, type QueryClient } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { roleKeys } from './role-keys';
import { userKeys } from './user-keys';

export type RoleCreate = Schema<'RoleCreate'>;
export type RoleUpdate = Schema<'RoleUpdate'>;
export type UpdateRoleInput = { roleId: string; changes: RoleUpdate };

/** Roles feed the users' role pickers and lists too: refresh both. */
export const invalidateRoles = (queryClient: QueryClient) =>
  Promise.all([queryClient.invalidateQueries({ queryKey: roleKeys.all }), queryClient.invalidateQueries({ queryKey: userKeys.all })]);

export function putRole(body: RoleCreate) {
  return ok(api().POST('/roles', { body }));
}

export function updateRole({ roleId, changes }: UpdateRoleInput) {
  return ok(api().PATCH('/roles/{roleId}', { params: { path: { roleId } }, body: changes }));
}

/** Creates a role (in each chosen tenant for a super administrator). */
export function usePutRole() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: putRole, onSuccess: () => invalidateRoles(queryClient) });
}

/** Edits, enables or disables a role. */
export function useUpdateRole({ meta }: { meta?: MutationMeta } = {}) {
  const queryClient = useQueryClient();
  return useMutation({ meta, mutationFn: updateRole, onSuccess: () => invalidateRoles(queryClient) });
}
