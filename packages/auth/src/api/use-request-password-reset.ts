import { useMutation } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import { OWN_ERROR_NOTICE } from '@portal/forms';

/** `changePassword`: the Forgot password request; always accepted so it cannot reveal accounts. */
export function useRequestPasswordReset() {
  return useMutation({
    meta: OWN_ERROR_NOTICE,
    mutationFn: ({ email }: { email: string }) => ok(api().POST('/auth/password-reset', { body: { email } })),
  });
}
