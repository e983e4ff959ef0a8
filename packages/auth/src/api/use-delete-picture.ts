import { useMutation } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import { OWN_ERROR_NOTICE } from '@portal/forms';
import { useProfileSaved } from './use-profile-saved';

/** Removes the profile picture (deleteProfilePicture). */
export function useDeletePicture() {
  const saved = useProfileSaved();
  return useMutation({
    meta: OWN_ERROR_NOTICE,
    mutationFn: () => ok(api().DELETE('/me/profile/picture')),
    onSuccess: () => saved(undefined),
  });
}
