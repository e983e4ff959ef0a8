import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api, ok } from '@portal/api-client';
import { useSessionStore } from '../stores/session-store';
import { clearStorageExceptLanguage } from '../utils/clear-storage';
import { LOGIN_PATH } from '../utils/post-login-redirect';
import { authKeys } from './auth-keys';
import { OWN_ERROR_NOTICE } from '@portal/forms';

const TENANT_INFO_SCOPE = authKeys.tenantInfo()[0];

/**
 * Logout (spec section 4): clears local and session storage except the language, ends the
 * server session, forgets every cached answer about the user and opens the login page.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    meta: OWN_ERROR_NOTICE,
    mutationFn: async () => {
      clearStorageExceptLanguage();
      useSessionStore.getState().reset();
      try {
        await ok(api().POST('/auth/logout'));
      } catch {
        // An expired session is already over on the server; signing out here still completes.
      }
      // Leave the guarded page first (flushSync: it unmounts now), so that no screen refetches
      // its data or redirects with `?redirect=` while the cache empties.
      await navigate(LOGIN_PATH, { replace: true, flushSync: true });
      await queryClient.cancelQueries();
      // The tenant's branding is not the user's data and keeps the login page dressed.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== TENANT_INFO_SCOPE });
      queryClient.setQueryData(authKeys.currentUser(), null);
    },
  });
}
