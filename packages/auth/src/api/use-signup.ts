import { useMutation } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import type { Language } from '@portal/i18n';
import { OWN_ERROR_NOTICE } from '@portal/forms';

export type SignupInput = { email: string; firstName: string; lastName: string; language?: Language };

/** `signupUser`: registers and mails the CREATE PASSWORD link. */
export function useSignup() {
  return useMutation({
    meta: OWN_ERROR_NOTICE,
    mutationFn: (input: SignupInput) => ok(api().POST('/auth/signup', { body: input })),
  });
}
