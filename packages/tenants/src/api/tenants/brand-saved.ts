import type { QueryClient } from '@tanstack/react-query';
import { getTenantBrandQueryOptions, type TenantBrand } from './get-tenant-brand';
import { getTenantQueryOptions } from './get-tenant';
import { refreshShownTenantInfo } from './shown-tenant-info';

/** Keeps the brand the server answered with, and the tenant's brand name, which is the same value. */
export function brandSaved(queryClient: QueryClient, tenantId: string, brand: TenantBrand): Promise<void> {
  queryClient.setQueryData(getTenantBrandQueryOptions(tenantId).queryKey, brand);
  queryClient.setQueryData(getTenantQueryOptions(tenantId).queryKey, (tenant) => tenant && { ...tenant, brandname: brand.brandname });
  return refreshShownTenantInfo(queryClient, tenantId);
}
