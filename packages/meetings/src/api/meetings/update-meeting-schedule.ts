import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { OWN_ERROR_NOTICE } from '@portal/forms';
import { meetingKeys } from './keys';

export type OccurrenceUpdate = Schema<'OccurrenceUpdate'>;

export function updateMeetingSchedule({ meetingId, occurrence, changes }: { meetingId: string; occurrence: string; changes: OccurrenceUpdate }) {
  return ok(api().PUT('/meetings/{meetingId}/occurrences/{occurrence}', { params: { path: { meetingId, occurrence } }, body: changes }));
}

/** Moves or changes one occurrence (its originalStart) of a recurring meeting, leaving the others. */
export function useUpdateMeetingSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: OWN_ERROR_NOTICE,
    mutationFn: updateMeetingSchedule,
    onSuccess: (meeting) => {
      queryClient.setQueryData(meetingKeys.detail(meeting.id), meeting);
      return queryClient.invalidateQueries({ queryKey: meetingKeys.lists() });
    },
  });
}
