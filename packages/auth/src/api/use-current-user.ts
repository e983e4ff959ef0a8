import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError, ok } from '@portal/api-client';
import type { Schema } from '@portal/api-client';
import { authKeys } from './auth-keys';

export type CurrentUser = Schema<'CurrentUser'>;

/**
 * The signed-in user, or null when there is no session: "signed out" is an answer, not an error,
 * so screens and guards can tell it apart from a failing server. It asks `getSession`, which
 * answers 200 either way: `getCurrentUser`'s 401 before sign-in showed as an error in the console.
 */
export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: authKeys.currentUser(),
    queryFn: async ({ signal }): Promise<CurrentUser | null> => (await ok(api().GET('/session', { signal }))).user,
    staleTime: 60_000,
    // A 4xx answer will not change by asking again; network and server failures may.
    retry: (failures, error) => !(isApiError(error) && error.status >= 400 && error.status < 500) && failures < 2,
  });
}

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}
