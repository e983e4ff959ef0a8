import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { OWN_ERROR_NOTICE } from '@portal/forms';
import { brandSaved } from './brand-saved';

export type TenantBrandInput = Schema<'TenantBrandInput'>;

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
