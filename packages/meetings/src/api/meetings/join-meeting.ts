import { useMutation } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { OWN_ERROR_NOTICE } from '@portal/forms';

export type JoinGrant = Schema<'JoinGrant'>;
export type JoinRequest = Schema<'JoinRequest'>;

/** The problems joinMeeting answers that the room page explains itself. */
export const JOIN_REFUSALS = [
  'wrong_meeting_password',
  'sign_in_required',
  'meeting_locked',
  // An administrator removed them and barred them from this run (removeLiveParticipant).
  'removed_from_meeting',
  'waiting_for_host',
  'media_unavailable',
  // The tenant's plan: the meeting is full, or its meetings at once are running.
  'participant_limit_reached',
  'concurrent_meetings_limit',
] as const;
export type JoinRefusal = (typeof JOIN_REFUSALS)[number];

/** A grant into the meeting's media room, as a guest (name, password) or signed in. */
export function joinMeeting({ meetingCode, request }: { meetingCode: string; request: JoinRequest }): Promise<JoinGrant> {
  return ok(api().POST('/join/{meetingCode}', { params: { path: { meetingCode } }, body: request }));
}

export function useJoinMeeting() {
  return useMutation({ meta: OWN_ERROR_NOTICE, mutationFn: joinMeeting });
}
