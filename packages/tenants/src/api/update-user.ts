import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { userKeys } from './user-keys';

export type UserUpdate = Schema<'UserUpdate'>;
export type UpdateUserInput = { userId: string; changes: UserUpdate };

export function updateUser({ userId, changes }: UpdateUserInput) {
  return ok(api().PATCH('/users/{userId}', { params: { path: { userId } }, body: changes }));
}

/** Edits a user, or enables/disables it with `changes: { status }`. */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
  });
}
