import { useMutation } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { OWN_ERROR_NOTICE } from '@portal/forms';

export function openFileInNeosound({ recordingId }: { recordingId: string }): Promise<Schema<'NeosoundFile'>> {
  return ok(api().POST('/apps/neosound/files', { body: { recordingId } }));
}

/** Uploads a recording to the person's Neosound account for transcription (openFileInNeosound); the action says what went wrong. */
export function useOpenFileInNeosound() {
  return useMutation({ mutationFn: openFileInNeosound, meta: OWN_ERROR_NOTICE });
}
