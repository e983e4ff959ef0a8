import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import { completeSignIn } from './use-login';
import { OWN_ERROR_NOTICE } from '@portal/forms';

/** A 6-digit authenticator code, or one of the recovery codes shown when two-factor was turned on. */
export type SecondFactor = { code: string } | { recoveryCode: string };

/** login2FA: the second sign-in step; on success the session is set up as after a plain sign-in. */
export function useLoginTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: OWN_ERROR_NOTICE,
    mutationFn: async (input: SecondFactor & { tmpid: string }) => {
      const result = await ok(api().POST('/auth/login/two-factor', { body: input }));
      await completeSignIn(queryClient, result);
    },
  });
}
