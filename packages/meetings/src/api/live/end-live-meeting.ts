import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import { liveKeys } from './keys';

export function endLiveMeeting(sessionId: string) {
  return ok(api().DELETE('/live-meetings/{sessionId}', { params: { path: { sessionId } } }));
}

/** Ends a running meeting for everyone (an administrator on Live meetings); the live and completed lists reload. */
export function useEndLiveMeeting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endLiveMeeting,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: liveKeys.all }),
  });
}
