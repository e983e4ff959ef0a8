import { useMutation } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';

export function endUserSessions({ userId }: { userId: string }) {
  return ok(api().DELETE('/users/{userId}/sessions', { params: { path: { userId } } }));
}

/** Signs the user out everywhere. No list changes, so nothing is invalidated. */
export function useEndUserSessions() {
  return useMutation({ mutationFn: endUserSessions });
}
