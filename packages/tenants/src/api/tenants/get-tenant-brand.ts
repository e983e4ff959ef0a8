import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { tenantBrandKey } from './keys';

export type TenantBrand = Schema<'TenantBrand'>;

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
