import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import { tenantKeys } from './keys';

export function deleteTenant({ tenantId }: { tenantId: string }) {
  return ok(api().DELETE('/tenants/{tenantId}', { params: { path: { tenantId } } }));
}

/** Deletes a tenant and all its data; its host stops answering at once. */
export function useDeleteTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTenant,
    onSuccess: (_data, { tenantId }) => {
      queryClient.removeQueries({ queryKey: tenantKeys.detail(tenantId) });
      return queryClient.invalidateQueries({ queryKey: tenantKeys.lists() });
    },
  });
}
