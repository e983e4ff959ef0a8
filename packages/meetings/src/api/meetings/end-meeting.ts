import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import { meetingKeys } from './keys';

/** The host or a co-host ends the meeting for everyone: the room closes and every grant is revoked. */
export function endMeeting({ meetingId }: { meetingId: string }): Promise<void> {
  return ok(api().DELETE('/meetings/{meetingId}/room', { params: { path: { meetingId } } })).then(() => undefined);
}

export function useEndMeeting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endMeeting,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...meetingKeys.all, 'join'] }),
  });
}
