import { useMutation } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';

export function inviteUser({ userId }: { userId: string }) {
  return ok(api().POST('/users/{userId}/invite', { params: { path: { userId } } }));
}

/** Emails the user a set-password link. No list changes, so nothing is invalidated. */
export function useInviteUser() {
  return useMutation({ mutationFn: inviteUser });
}
