import { useMutation } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { OWN_ERROR_NOTICE } from '@portal/auth';

export type AddonUserResult = Schema<'AddonUserResult'>;

export function addonUser({ state }: { state: string }): Promise<AddonUserResult> {
  return ok(api().PUT('/users/addon-user', { body: { state } }));
}

/** Authorises the Google add-on for the signed-in person (addon_user); the page shows its own failure text. */
export function useAddonUser() {
  return useMutation({ mutationFn: addonUser, meta: OWN_ERROR_NOTICE });
}
