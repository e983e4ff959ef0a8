import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import { recordingShareKeys } from './keys';

/** Revokes a share link: it stops working at once. */
export function revokeRecordingShare({ recordingId, shareId }: { recordingId: string; shareId: string }) {
  return ok(api().DELETE('/recordings/{recordingId}/shares/{shareId}', { params: { path: { recordingId, shareId } } }));
}

export function useRevokeRecordingShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeRecordingShare,
    onSuccess: (_data, { recordingId }) => queryClient.invalidateQueries({ queryKey: recordingShareKeys.ofRecording(recordingId) }),
  });
}
