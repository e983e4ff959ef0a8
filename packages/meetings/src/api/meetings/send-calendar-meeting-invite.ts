import { useMutation } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import { downloadFile } from '@portal/ui-kit';

export const INVITATION_FILE_NAME = 'invitation.ics';

/** The invitation as an iCalendar file: the whole series, or one occurrence (its originalStart). */
export function sendCalendarMeetingInvite({ meetingId, occurrence }: { meetingId: string; occurrence?: string }) {
  return ok(
    api().GET('/meetings/{meetingId}/invitation.ics', {
      params: { path: { meetingId }, query: occurrence ? { occurrence } : {} },
      parseAs: 'blob',
    }),
  );
}

/** Downloads the invitation as `invitation.ics` for the person's own calendar. */
export function useDownloadInvitation() {
  return useMutation({
    mutationFn: async (input: { meetingId: string; occurrence?: string }) => {
      const file = await sendCalendarMeetingInvite(input);
      downloadFile(file, INVITATION_FILE_NAME);
    },
  });
}
