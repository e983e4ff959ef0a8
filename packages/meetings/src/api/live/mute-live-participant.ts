import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { liveKeys } from './keys';

export type MuteKind = Schema<'LiveParticipantMute'>['kinds'][number];

export function muteLiveParticipant({ sessionId, participantId, kinds }: { sessionId: string; participantId: string; kinds: MuteKind[] }) {
  return ok(api().POST('/live-meetings/{sessionId}/participants/{participantId}/mute', { params: { path: { sessionId, participantId } }, body: { kinds } }));
}

/** Mutes someone's audio or stops their video in a running meeting (an administrator on Live meetings); the participants reload. */
export function useMuteLiveParticipant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: muteLiveParticipant,
    onSuccess: (_answer, { sessionId }) => queryClient.invalidateQueries({ queryKey: liveKeys.currentParticipants(sessionId) }),
  });
}
