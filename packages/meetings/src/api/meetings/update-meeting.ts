import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { OWN_ERROR_NOTICE } from '@portal/forms';
import { meetingKeys } from './keys';

export type MeetingUpdate = Schema<'MeetingUpdate'>;

export function updateMeeting({ meetingId, changes }: { meetingId: string; changes: MeetingUpdate }) {
  return ok(api().PATCH('/meetings/{meetingId}', { params: { path: { meetingId } }, body: changes }));
}

/** Changes every occurrence of a meeting. */
export function useUpdateMeeting() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: OWN_ERROR_NOTICE,
    mutationFn: updateMeeting,
    onSuccess: (meeting) => {
      queryClient.setQueryData(meetingKeys.detail(meeting.id), meeting);
      return queryClient.invalidateQueries({ queryKey: meetingKeys.lists() });
    },
  });
}
