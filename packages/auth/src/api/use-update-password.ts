import { useMutation } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import { OWN_ERROR_NOTICE } from '@portal/forms';

/** Either the emailed link's token or the temporary id a sign-in answered with. */
export type PasswordGrant = { token: string } | { tmpid: string };

export type UpdatePasswordInput = PasswordGrant & { password: string };

export function useUpdatePassword() {
  return useMutation({
    meta: OWN_ERROR_NOTICE,
    mutationFn: (input: UpdatePasswordInput) => ok(api().POST('/auth/password', { body: input })),
  });
}
