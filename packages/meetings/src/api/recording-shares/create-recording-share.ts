import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { OWN_ERROR_NOTICE } from '@portal/forms';
import { recordingShareKeys } from './keys';

export type CreatedRecordingShare = Schema<'CreatedRecordingShare'>;

/** Creates a share link (expiry, optional password); the answer's token and URL are shown only now. */
export function createRecordingShare({ recordingId, expiresAt, password }: { recordingId: string; expiresAt: string; password: string | null }) {
  return ok(api().POST('/recordings/{recordingId}/shares', { params: { path: { recordingId } }, body: { expiresAt, password } }));
}

export function useCreateRecordingShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRecordingShare,
    // The dialog puts field errors under its fields (showSubmitError).
    meta: OWN_ERROR_NOTICE,
    onSuccess: (_data, { recordingId }) => queryClient.invalidateQueries({ queryKey: recordingShareKeys.ofRecording(recordingId) }),
  });
}
