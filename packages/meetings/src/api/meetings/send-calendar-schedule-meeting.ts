import { useMutation } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';

export function sendCalendarScheduleMeeting({ meetingId }: { meetingId: string }) {
  return ok(api().POST('/meetings/{meetingId}/calendar-mail', { params: { path: { meetingId } } }));
}

/** Mails the host (and co-hosts) the meeting's calendar entry. */
export function useSendCalendarScheduleMeeting() {
  return useMutation({ mutationFn: sendCalendarScheduleMeeting });
}
