import { useMutation } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import { OWN_ERROR_NOTICE } from '@portal/forms';

/** The Thank-you page's resend; the server answers the same whether or not the address is known. */
export function useResendSignupMail() {
  return useMutation({
    meta: OWN_ERROR_NOTICE,
    mutationFn: ({ email }: { email: string }) => ok(api().POST('/auth/signup/resend', { body: { email } })),
  });
}
