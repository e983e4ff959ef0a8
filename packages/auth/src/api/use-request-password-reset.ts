import { useMutation } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';

/** `changePassword`: the Forgot password request; always accepted so it cannot reveal accounts. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) => ok(api().POST('/auth/password-reset', { body: { email } })),
  });
}
