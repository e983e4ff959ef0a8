import { useMutation } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import { OWN_ERROR_NOTICE } from '@portal/forms';
import { useProfileSaved } from './use-profile-saved';

/** Confirms a new login email with the mailed link's token (confirmEmail). */
export function useConfirmEmail() {
  const saved = useProfileSaved();
  return useMutation({
    meta: OWN_ERROR_NOTICE,
    mutationFn: ({ token }: { token: string }) => ok(api().POST('/me/profile/email/confirm', { body: { token } })),
    onSuccess: saved,
  });
}
