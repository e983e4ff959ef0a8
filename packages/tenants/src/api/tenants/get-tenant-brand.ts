import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { getTenantQueryOptions } from './get-tenant';
import { refreshShownTenantInfo } from './shown-tenant-info';
import { tenantKeys } from './tenant-keys';
import { OWN_ERROR_NOTICE } from '@portal/auth';

export type TenantBrand = Schema<'TenantBrand'>;
export type TenantBrandInput = Schema<'TenantBrandInput'>;

export const tenantBrandKey = (tenantId: string) => [...tenantKeys.detail(tenantId), 'brand'] as const;

export function getTenantBrand(tenantId: string, signal?: AbortSignal) {
  return ok(api().GET('/tenants/{tenantId}/brand', { params: { path: { tenantId } }, signal }));
}

export function getTenantBrandQueryOptions(tenantId: string) {
  return queryOptions({ queryKey: tenantBrandKey(tenantId), queryFn: ({ signal }) => getTenantBrand(tenantId, signal) });
}

/** The tenant's brand: its name, link, sign-in and sign-up texts, dial-in info and image URLs. */
export function useTenantBrand(tenantId: string) {
  return useQuery(getTenantBrandQueryOptions(tenantId));
}

/** Keeps the brand the server answered with, and the tenant's brand name, which is the same value. */
export function brandSaved(queryClient: QueryClient, tenantId: string, brand: TenantBrand): Promise<void> {
  queryClient.setQueryData(getTenantBrandQueryOptions(tenantId).queryKey, brand);
  queryClient.setQueryData(getTenantQueryOptions(tenantId).queryKey, (tenant) => tenant && { ...tenant, brandname: brand.brandname });
  return refreshShownTenantInfo(queryClient, tenantId);
}

export function updateTenantBrand({ tenantId, changes }: { tenantId: string; changes: TenantBrandInput }) {
  return ok(api().PATCH('/tenants/{tenantId}/brand', { params: { path: { tenantId } }, body: changes }));
}

/** Changes some of the brand's texts (updateBrand); a text sent as null is cleared. */
export function useUpdateTenantBrand(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: OWN_ERROR_NOTICE,
    mutationFn: (changes: TenantBrandInput) => updateTenantBrand({ tenantId, changes }),
    onSuccess: (brand) => brandSaved(queryClient, tenantId, brand),
  });
}
