import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import { tenantRolesKey } from './keys';

export function getTenantRoles(tenantId: string, signal?: AbortSignal) {
  return ok(api().GET('/tenants/{tenantId}/roles', { params: { path: { tenantId } }, signal }));
}

export function getTenantRolesQueryOptions(tenantId: string) {
  return queryOptions({ queryKey: tenantRolesKey(tenantId), queryFn: ({ signal }) => getTenantRoles(tenantId, signal) });
}

/** Every role of one tenant, by name (the platform super administrator may read any tenant's). */
export function useTenantRoles(tenantId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getTenantRolesQueryOptions(tenantId), enabled: options.enabled });
}
