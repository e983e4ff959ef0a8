import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import type { Schema } from '@portal/api-client';
import { authKeys } from './auth-keys';

export type AuthProviderConfigs = Schema<'AuthProviderConfigs'>;
export type AuthProviderButton = Schema<'AuthProviderButton'>;

/** The tenant's external sign-in providers (login and sign-up buttons). */
export function authProviderConfigsQueryOptions() {
  return queryOptions({
    queryKey: authKeys.providerConfigs(),
    queryFn: () => ok(api().GET('/auth/providers')),
    staleTime: 5 * 60_000,
  });
}

export function useAuthProviderConfigs() {
  return useQuery(authProviderConfigsQueryOptions());
}
