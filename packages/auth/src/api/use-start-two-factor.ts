import { useMutation } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import type { Schema } from '@portal/api-client';
import { OWN_ERROR_NOTICE } from '@portal/forms';

export type TwoFactorSetup = Schema<'TwoFactorSetup'>;

/** get2FA: checks the password and answers a new secret with its QR code; nothing is on yet. */
export function useStartTwoFactor() {
  return useMutation({
    meta: OWN_ERROR_NOTICE,
    mutationFn: ({ password }: { password: string }) => ok(api().POST('/me/two-factor/setup', { body: { password } })),
  });
}
