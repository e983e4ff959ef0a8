import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import { refreshUserLists } from './refresh-user-lists';

export type DeleteUserInput = {
  userId: string;
  /** The user who takes over the deleted user's data; absent means "Don't transfer data". */
  transferTo?: string;
};

export function deleteUser({ userId, transferTo }: DeleteUserInput) {
  return ok(api().DELETE('/users/{userId}', { params: { path: { userId }, query: transferTo ? { transferTo } : {} } }));
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => refreshUserLists(queryClient),
  });
}
