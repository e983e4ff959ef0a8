import { useMutation } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import { OWN_ERROR_NOTICE } from '@portal/forms';
import { useProfileSaved } from './use-profile-saved';

/** Asks for a new login email, confirmed by the link mailed to it (changeEmail). */
export function useChangeEmail() {
  const saved = useProfileSaved();
  return useMutation({
    meta: OWN_ERROR_NOTICE,
    mutationFn: (body: { newEmail: string; currentPassword: string }) => ok(api().POST('/me/profile/email', { body })),
    onSuccess: saved,
  });
}
