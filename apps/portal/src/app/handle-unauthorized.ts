import type { QueryClient } from '@tanstack/react-query';
import type { ApiError } from '@portal/api-client';
import { authKeys, loginPathFor, useSessionStore } from '@portal/auth';
import type { DataRouter } from 'react-router';
import { isPublicMatch } from '../router/route-handle';

/**
 * A 401 from any call means the session is gone (spec: a 401 sends the user to login). Wrong
 * credentials on the login form are a 401 too, but the form explains those itself.
 */
export function handleUnauthorized(error: ApiError, router: DataRouter, queryClient: QueryClient): void {
  if (error.code === 'invalid_credentials') return;
  useSessionStore.getState().endSession();
  queryClient.setQueryData(authKeys.currentUser(), null);
  queryClient.removeQueries({ queryKey: authKeys.permissionTree() });
  const { location, matches } = router.state;
  // Public pages (landing, login, ...) stay where they are, now showing the signed-out state.
  if (matches.length > 0 && isPublicMatch(matches)) return;
  void router.navigate(loginPathFor(`${location.pathname}${location.search}`), { replace: true });
}
