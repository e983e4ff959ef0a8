import { useMutation } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { OWN_ERROR_NOTICE } from '@portal/forms';

export type MeetingInvitation = Schema<'MeetingInvitation'>;

export function meetingInvite({ meetingId, invitation }: { meetingId: string; invitation: MeetingInvitation }) {
  return ok(api().POST('/meetings/{meetingId}/invitations', { params: { path: { meetingId } }, body: invitation }));
}

/** Mails the invitation (with its iCalendar attachment) to every address; the dialog shows failures. */
export function useMeetingInvite() {
  return useMutation({ meta: OWN_ERROR_NOTICE, mutationFn: meetingInvite });
}
