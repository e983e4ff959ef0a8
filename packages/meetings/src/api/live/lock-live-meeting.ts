import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import { liveKeys } from './keys';

export function lockLiveMeeting({ sessionId, locked }: { sessionId: string; locked: boolean }) {
  return ok(api().PUT('/live-meetings/{sessionId}/lock', { params: { path: { sessionId } }, body: { locked } }));
}

/** Locks a running meeting against newcomers, or opens it again; the live list reloads. */
export function useLockLiveMeeting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: lockLiveMeeting,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: liveKeys.currentMeetingsAll() }),
  });
}
