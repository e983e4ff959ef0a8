import { useMutation } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { OWN_ERROR_NOTICE } from '@portal/forms';

export type ShareGrant = Schema<'ShareGrant'>;

/** Checks a link's password; the grant lets the video element play it for a while. */
export function unlockSharedRecording({ token, password }: { token: string; password: string }) {
  return ok(api().POST('/shared-recordings/{token}/unlock', { params: { path: { token } }, body: { password } }));
}

export function useUnlockSharedRecording() {
  // The player shows wrong passwords and throttling in its own words.
  return useMutation({ mutationFn: unlockSharedRecording, meta: OWN_ERROR_NOTICE });
}
