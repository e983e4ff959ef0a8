import { useMutation } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import { OWN_ERROR_NOTICE } from '@portal/forms';

export type EnableUserInput = { token: string; password: string };

/** `enableUser`: the Create password screen, with the sign-up mail's token. */
export function useEnableUser() {
  return useMutation({
    meta: OWN_ERROR_NOTICE,
    mutationFn: (input: EnableUserInput) => ok(api().POST('/auth/enable', { body: input })),
  });
}
