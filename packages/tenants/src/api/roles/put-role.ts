import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { invalidateRoles } from './invalidate-roles';

export type RoleCreate = Schema<'RoleCreate'>;

export function putRole(body: RoleCreate) {
  return ok(api().POST('/roles', { body }));
}

/** Creates a role (in each chosen tenant for a super administrator). */
export function usePutRole() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: putRole, onSuccess: () => invalidateRoles(queryClient) });
}
