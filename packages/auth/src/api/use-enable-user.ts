import { useMutation } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';

export type EnableUserInput = { token: string; password: string };

/** `enableUser`: the Create password screen, with the sign-up mail's token. */
export function useEnableUser() {
  return useMutation({
    mutationFn: (input: EnableUserInput) => ok(api().POST('/auth/enable', { body: input })),
  });
}
