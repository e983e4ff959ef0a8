import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { meetingKeys } from './keys';

export type MeetingRoom = Schema<'MeetingRoom'>;

/** The host or a co-host opens the meeting's room on the media server (idempotent). */
export function startMeeting({ meetingId }: { meetingId: string }): Promise<MeetingRoom> {
  return ok(api().PUT('/meetings/{meetingId}/room', { params: { path: { meetingId } } }));
}

export function useStartMeeting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startMeeting,
    onSuccess: (room) => queryClient.invalidateQueries({ queryKey: meetingKeys.join(room.code) }),
  });
}
