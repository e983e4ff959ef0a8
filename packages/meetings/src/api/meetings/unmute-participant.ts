import { useMutation } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';

export type UnmuteRequest = Schema<'UnmuteRequest'>;
export type UnmuteKind = UnmuteRequest['kinds'][number];

/** The participant's key in an opaque id (`meeting:<id>/participant:<key>`): what unmuteParticipant names. */
export function participantKeyOf(opaqueId: string): string {
  return opaqueId.split('/participant:')[1] ?? '';
}

/**
 * Lifts the mute (or video off) the media server put on a participant who entered a meeting that
 * mutes on entry. From the room the caller sends their join grant: their own, or anyone's for the
 * host and co-hosts.
 */
export function unmuteParticipant({ meetingId, participant, request }: { meetingId: string; participant: string; request: UnmuteRequest }): Promise<void> {
  return ok(api().POST('/meetings/{meetingId}/room/participants/{participant}/unmute', { params: { path: { meetingId, participant } }, body: request })).then(
    () => undefined,
  );
}

export function useUnmuteParticipant() {
  return useMutation({ mutationFn: unmuteParticipant });
}
