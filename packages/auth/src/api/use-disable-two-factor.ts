import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import { twoFactorKeys } from './two-factor-keys';
import { OWN_ERROR_NOTICE } from '@portal/forms';

export type DisableTwoFactorInput = { password: string; code: string };

/** disable2FA: needs the password and a current code. */
export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: OWN_ERROR_NOTICE,
    mutationFn: (input: DisableTwoFactorInput) => ok(api().POST('/me/two-factor/disable', { body: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorKeys.status() }),
  });
}
