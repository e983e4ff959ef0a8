import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import { OWN_ERROR_NOTICE } from '@portal/forms';
import { profileKeys } from './profile-keys';

/** Ends one of the person's other sessions (deleteSession). */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: OWN_ERROR_NOTICE,
    mutationFn: ({ sessionId }: { sessionId: string }) => ok(api().DELETE('/me/sessions/{sessionId}', { params: { path: { sessionId } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.sessions() }),
  });
}
