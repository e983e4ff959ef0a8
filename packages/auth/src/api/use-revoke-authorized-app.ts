import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import { OWN_ERROR_NOTICE } from '@portal/forms';
import { profileKeys } from './profile-keys';

/** Revokes an app's access (revokeAuthorizedApp): its tokens stop working at once. */
export function useRevokeAuthorizedApp() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: OWN_ERROR_NOTICE,
    mutationFn: ({ clientId }: { clientId: string }) => ok(api().DELETE('/me/authorized-apps/{clientId}', { params: { path: { clientId } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.authorizedApps() }),
  });
}
