import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import { OWN_ERROR_NOTICE } from '@portal/forms';
import { getTenantThemeQueryOptions, type TenantTheme } from './get-tenant-theme';
import { refreshShownTenantInfo } from './shown-tenant-info';

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
