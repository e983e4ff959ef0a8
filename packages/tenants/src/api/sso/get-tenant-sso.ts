import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { tenantSsoKey } from './keys';

export type SsoProvider = Schema<'SsoProvider'>;

/**
 * The providers of the caller's own tenant (getTenantSSO), or with `tenantId` of that tenant
 * (getTenantSsoProviders: the own tenant, or any tenant for the platform super administrator).
 */
export function getTenantSso(signal?: AbortSignal, tenantId?: string) {
  if (tenantId) return ok(api().GET('/tenants/{tenantId}/sso', { params: { path: { tenantId } }, signal }));
  return ok(api().GET('/tenant/sso', { signal }));
}

export function getTenantSsoQueryOptions(tenantId?: string) {
  return queryOptions({ queryKey: [...tenantSsoKey, tenantId ?? 'own'], queryFn: ({ signal }) => getTenantSso(signal, tenantId) });
}

/** A tenant's sign-in providers: the caller's own without `tenantId`, else the one named. */
export function useTenantSso(options: { enabled?: boolean; tenantId?: string } = {}) {
  return useQuery({ ...getTenantSsoQueryOptions(options.tenantId), enabled: options.enabled });
}
