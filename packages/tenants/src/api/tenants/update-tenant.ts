import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { refreshShownTenantInfo } from './shown-tenant-info';
import { getTenantBrandQueryOptions } from './get-tenant-brand';
import { tenantKeys } from './keys';
import { OWN_ERROR_NOTICE } from '@portal/forms';

export type TenantUpdate = Schema<'TenantUpdate'>;
export type UpdateTenantInput = { tenantId: string; changes: TenantUpdate };

export function updateTenant({ tenantId, changes }: UpdateTenantInput) {
  return ok(api().PATCH('/tenants/{tenantId}', { params: { path: { tenantId } }, body: changes }));
}

export function useUpdateTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: OWN_ERROR_NOTICE,
    mutationFn: updateTenant,
    onSuccess: (tenant) => {
      queryClient.setQueryData(tenantKeys.detail(tenant.id), tenant);
      // The brand name is also the brand's; it and the sign-up flags show in the portal's branding.
      queryClient.setQueryData(getTenantBrandQueryOptions(tenant.id).queryKey, (brand) => brand && { ...brand, brandname: tenant.brandname });
      return Promise.all([queryClient.invalidateQueries({ queryKey: tenantKeys.lists() }), refreshShownTenantInfo(queryClient, tenant.id)]);
    },
  });
}
