import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import type { UserCreate } from './add-user';
import { refreshUserLists } from './refresh-user-lists';
import { OWN_ERROR_NOTICE } from '@portal/forms';

export type TenantAddUserInput = { tenantId: string; user: UserCreate };

export function tenantAddUser({ tenantId, user }: TenantAddUserInput) {
  return ok(api().POST('/tenants/{tenantId}/users', { params: { path: { tenantId } }, body: user }));
}

/** The super administrator creates a user in a chosen tenant. */
export function useTenantAddUser() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: OWN_ERROR_NOTICE,
    mutationFn: tenantAddUser,
    onSuccess: () => refreshUserLists(queryClient),
  });
}
