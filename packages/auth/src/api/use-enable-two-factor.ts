import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import { twoFactorKeys } from './two-factor-keys';
import { OWN_ERROR_NOTICE } from '@portal/forms';

/** enable2FA: the first code turns two-factor on; answers the one-time recovery codes. */
export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: OWN_ERROR_NOTICE,
    mutationFn: ({ code }: { code: string }) => ok(api().POST('/me/two-factor/enable', { body: { code } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorKeys.status() }),
  });
}
