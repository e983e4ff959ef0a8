import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { clientKeys } from '../clients/keys';
import { getTenantClientsQueryOptions } from './get-tenant-clients';

export type TenantClientUpdate = Schema<'TenantClientUpdate'>;

export function updateTenantClient({ tenantId, clientId, changes }: { tenantId: string; clientId: string; changes: TenantClientUpdate }) {
  return ok(api().PATCH('/tenants/{tenantId}/clients/{clientId}', { params: { path: { tenantId, clientId } }, body: changes }));
}

/** Switches one of the tenant's apps on or off, or changes the versions it accepts (updateTenantClient). */
export function useUpdateTenantClient(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ clientId, changes }: { clientId: string; changes: TenantClientUpdate }) => updateTenantClient({ tenantId, clientId, changes }),
    onSuccess: (client) => {
      queryClient.setQueryData(getTenantClientsQueryOptions(tenantId).queryKey, (list) => list && { items: list.items.map((item) => (item.id === client.id ? client : item)) });
      // The same apps make up the super administrator's Clients screen.
      return queryClient.invalidateQueries({ queryKey: clientKeys.lists() });
    },
  });
}
