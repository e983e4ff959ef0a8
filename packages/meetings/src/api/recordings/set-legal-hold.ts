import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import { recordingKeys } from './keys';

export function setLegalHold({ recordingId, legalHold }: { recordingId: string; legalHold: boolean }) {
  return ok(api().PUT('/recordings/{recordingId}/legal-hold', { params: { path: { recordingId } }, body: { legalHold } }));
}

/** Puts a recording on legal hold (retention skips it) or releases it; the recordings lists reload. */
export function useSetLegalHold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setLegalHold,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recordingKeys.all }),
  });
}
