import { useMutation, useQueryClient, type MutationMeta } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { refreshUserLists } from './refresh-user-lists';

export type UserUpdate = Schema<'UserUpdate'>;
export type UpdateUserInput = { userId: string; changes: UserUpdate };

export function updateUser({ userId, changes }: UpdateUserInput) {
  return ok(api().PATCH('/users/{userId}', { params: { path: { userId } }, body: changes }));
}

/** Edits a user, or enables/disables it with `changes: { status }`; a form passes `meta: OWN_ERROR_NOTICE`. */
export function useUpdateUser({ meta }: { meta?: MutationMeta } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    meta,
    mutationFn: updateUser,
    onSuccess: () => refreshUserLists(queryClient),
  });
}
