import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { tenantThemeKey } from './keys';

export type TenantTheme = Schema<'TenantTheme'>;

export function getTenantTheme(tenantId: string, signal?: AbortSignal) {
  return ok(api().GET('/tenants/{tenantId}/theme', { params: { path: { tenantId } }, signal }));
}

export function getTenantThemeQueryOptions(tenantId: string) {
  return queryOptions({ queryKey: tenantThemeKey(tenantId), queryFn: ({ signal }) => getTenantTheme(tenantId, signal) });
}

/** The tenant's light theme: colour variables by name (none while the default theme applies). */
export function useTenantTheme(tenantId: string) {
  return useQuery(getTenantThemeQueryOptions(tenantId));
}
