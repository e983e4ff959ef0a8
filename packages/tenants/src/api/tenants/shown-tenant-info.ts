import type { QueryClient } from '@tanstack/react-query';
import { currentUserQueryOptions, tenantInfoQueryOptions } from '@portal/auth';
import { getTenantQueryOptions } from './get-tenant';

/**
 * Reloads the portal's own branding (getTenantInfo, which never goes stale by itself) when
 * `tenantId` is the tenant this portal shows, so a brand, image or theme change applies at once.
 * Another tenant's change leaves it alone.
 */
export function refreshShownTenantInfo(queryClient: QueryClient, tenantId: string): Promise<void> {
  const { queryKey } = tenantInfoQueryOptions();
  const shown = queryClient.getQueryData(queryKey)?.sname;
  if (shown === undefined) return Promise.resolve();
  const me = queryClient.getQueryData(currentUserQueryOptions().queryKey);
  const sname = queryClient.getQueryData(getTenantQueryOptions(tenantId).queryKey)?.sname ?? (me?.tenant.id === tenantId ? me.tenant.sname : undefined);
  return sname === shown ? queryClient.invalidateQueries({ queryKey }) : Promise.resolve();
}
