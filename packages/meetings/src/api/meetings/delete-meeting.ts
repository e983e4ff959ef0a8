import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import { meetingKeys } from './keys';

/** Deletes the meeting, or with `occurrence` (an originalStart) cancels only that occurrence. */
export function deleteMeeting({ meetingId, occurrence }: { meetingId: string; occurrence?: string }) {
  return ok(api().DELETE('/meetings/{meetingId}', { params: { path: { meetingId }, query: occurrence ? { occurrence } : {} } }));
}

export function useDeleteMeeting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMeeting,
    onSuccess: (_data, { meetingId }) => {
      queryClient.removeQueries({ queryKey: meetingKeys.detail(meetingId) });
      return queryClient.invalidateQueries({ queryKey: meetingKeys.lists() });
    },
  });
}
