import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { tenantKeys } from './tenant-keys';

export type TenantUpdate = Schema<'TenantUpdate'>;
export type UpdateTenantInput = { tenantId: string; changes: TenantUpdate };

export function updateTenant({ tenantId, changes }: UpdateTenantInput) {
  return ok(api().PATCH('/tenants/{tenantId}', { params: { path: { tenantId } }, body: changes }));
}

export function useUpdateTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTenant,
    onSuccess: (tenant) => {
      queryClient.setQueryData(tenantKeys.detail(tenant.id), tenant);
      return queryClient.invalidateQueries({ queryKey: tenantKeys.lists() });
    },
  });
}
