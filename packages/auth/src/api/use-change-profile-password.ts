import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import { OWN_ERROR_NOTICE } from '@portal/forms';
import { profileKeys } from './profile-keys';

/** Changes the password with the current one (updateProfilePassword). */
export function useChangeProfilePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: OWN_ERROR_NOTICE,
    mutationFn: (body: { currentPassword: string; newPassword: string }) => ok(api().PUT('/me/profile/password', { body })),
    // The server ended every other session.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.sessions() }),
  });
}
