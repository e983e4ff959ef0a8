import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import type { Schema } from '@portal/api-client';
import { useSessionStore } from '../stores/session-store';
import { applyUserPreferences } from '../hooks/use-apply-user-preferences';
import { currentUserQueryOptions } from './use-current-user';
import { permissionTreeQueryOptions } from './use-permission-tree';
import { OWN_ERROR_NOTICE } from '@portal/forms';

export type LoginCredentials = { email: string; password: string };

/**
 * `changePassword`: the account must set a new password before a session starts. `twoFactor`: the
 * password was right and the authenticator code is asked next (the tmpid is in the session store).
 */
export type LoginOutcome = 'signedIn' | 'changePassword' | 'twoFactor';

/** Puts the session's user, permission tree and facts in place; shared with the two-factor step. */
export async function completeSignIn(queryClient: QueryClient, result: Schema<'LoginResult'>): Promise<void> {
  const session = useSessionStore.getState();
  session.setTmpid(null);
  const user = await queryClient.fetchQuery({ ...currentUserQueryOptions(), staleTime: 0 });
  if (user) applyUserPreferences(user);
  await queryClient.fetchQuery({ ...permissionTreeQueryOptions(), staleTime: 0 });
  session.setUserInfo({
    firstname: result.firstname,
    lastname: result.lastname,
    email: result.email,
    profilePicture: result.profile_picture,
  });
  session.markLoggedIn('normalLogin');
}

/**
 * Email and password sign-in (spec section 4, Login). On success the user, their permission
 * tree and the session facts are in place before the caller navigates, so the next page's guard
 * decides at once.
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: OWN_ERROR_NOTICE,
    mutationFn: async (credentials: LoginCredentials): Promise<LoginOutcome> => {
      const result = await ok(api().POST('/auth/login', { body: credentials }));
      const session = useSessionStore.getState();
      session.setEmail(result.email);
      if (result.change_password) {
        session.setTmpid(result.tmpid);
        return 'changePassword';
      }
      if (result.two_factor) {
        session.setTmpid(result.tmpid);
        return 'twoFactor';
      }
      await completeSignIn(queryClient, result);
      return 'signedIn';
    },
  });
}
