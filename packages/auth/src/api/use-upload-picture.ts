import { useMutation } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import { OWN_ERROR_NOTICE } from '@portal/forms';
import { useProfileSaved } from './use-profile-saved';

/** Replaces the profile picture (uploadProfilePicture). */
export function useUploadPicture() {
  const saved = useProfileSaved();
  return useMutation({
    meta: OWN_ERROR_NOTICE,
    mutationFn: ({ image }: { image: Blob }) =>
      ok(
        api().PUT('/me/profile/picture', {
          // The body is the image's bytes, not JSON.
          body: image as never,
          bodySerializer: (body: unknown) => body as Blob,
          headers: { 'Content-Type': image.type === 'image/png' ? 'image/png' : 'image/jpeg' },
        }),
      ),
    onSuccess: saved,
  });
}
