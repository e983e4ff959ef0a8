import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { userKeys } from './user-keys';

export type UserCreate = Schema<'UserCreate'>;
export type UserCreated = Schema<'UserCreated'>;

export function addUser(body: UserCreate) {
  return ok(api().POST('/users', { body }));
}

/** Creates a user in the caller's tenant; resolves with the one-time sign-in info. */
export function useAddUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
  });
}
