import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { refreshShownTenantInfo } from './shown-tenant-info';
import { tenantKeys } from './tenant-keys';
import { OWN_ERROR_NOTICE } from '@portal/auth';

export type TenantTheme = Schema<'TenantTheme'>;

export const tenantThemeKey = (tenantId: string) => [...tenantKeys.detail(tenantId), 'theme'] as const;

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

export function updateTenantTheme({ tenantId, theme }: { tenantId: string; theme: TenantTheme }) {
  return ok(api().PUT('/tenants/{tenantId}/theme', { params: { path: { tenantId } }, body: theme }));
}

/** Replaces the tenant's theme (updateTenantTheme); an empty `lite` restores the default. */
export function useUpdateTenantTheme(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: OWN_ERROR_NOTICE,
    mutationFn: (theme: TenantTheme) => updateTenantTheme({ tenantId, theme }),
    onSuccess: (theme) => {
      queryClient.setQueryData(getTenantThemeQueryOptions(tenantId).queryKey, theme);
      return refreshShownTenantInfo(queryClient, tenantId);
    },
  });
}
