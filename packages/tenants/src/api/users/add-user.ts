import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { refreshUserLists } from './refresh-user-lists';
import { OWN_ERROR_NOTICE } from '@portal/forms';

export type UserCreate = Schema<'UserCreate'>;
export type UserCreated = Schema<'UserCreated'>;

export function addUser(body: UserCreate) {
  return ok(api().POST('/users', { body }));
}

/** Creates a user in the caller's tenant; resolves with the one-time sign-in info. */
export function useAddUser() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: OWN_ERROR_NOTICE,
    mutationFn: addUser,
    onSuccess: () => refreshUserLists(queryClient),
  });
}
