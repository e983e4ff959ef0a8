import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import { liveKeys } from './keys';

export function removeLiveParticipant({ sessionId, participantId, block }: { sessionId: string; participantId: string; block: boolean }) {
  return ok(api().POST('/live-meetings/{sessionId}/participants/{participantId}/removal', { params: { path: { sessionId, participantId } }, body: { block } }));
}

/** Puts someone out of a running meeting (an administrator on Live meetings); the live lists reload. */
export function useRemoveLiveParticipant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeLiveParticipant,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: liveKeys.current() }),
  });
}
