import { useMutation } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import type { Schema } from '@portal/api-client';
import { OWN_ERROR_NOTICE } from '@portal/forms';
import { useProfileSaved } from './use-profile-saved';

export type ProfileUpdate = Schema<'ProfileUpdate'>;

/** Saves personal details and preferences (updateProfile). */
export function useUpdateProfile() {
  const saved = useProfileSaved();
  return useMutation({
    meta: OWN_ERROR_NOTICE,
    mutationFn: (changes: ProfileUpdate) => ok(api().PATCH('/me/profile', { body: changes })),
    onSuccess: saved,
  });
}
