import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';

export type SsoProvider = Schema<'SsoProvider'>;

export const tenantSsoKey = ['tenant-sso'] as const;

export function getTenantSso(signal?: AbortSignal) {
  return ok(api().GET('/tenant/sso', { signal }));
}

export function getTenantSsoQueryOptions() {
  return queryOptions({ queryKey: tenantSsoKey, queryFn: ({ signal }) => getTenantSso(signal) });
}

/** The caller's own tenant's sign-in providers (the operation has no tenant parameter). */
export function useTenantSso(options: { enabled?: boolean } = {}) {
  return useQuery({ ...getTenantSsoQueryOptions(), enabled: options.enabled });
}
