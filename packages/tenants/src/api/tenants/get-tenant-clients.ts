import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { clientKeys } from './client-keys';
import { tenantKeys } from './tenant-keys';

export type TenantClient = Schema<'TenantClient'>;
export type TenantClientUpdate = Schema<'TenantClientUpdate'>;

export const tenantClientsKey = (tenantId: string) => [...tenantKeys.detail(tenantId), 'clients'] as const;

export function getTenantClients(tenantId: string, signal?: AbortSignal) {
  return ok(api().GET('/tenants/{tenantId}/clients', { params: { path: { tenantId } }, signal }));
}

export function getTenantClientsQueryOptions(tenantId: string) {
  return queryOptions({ queryKey: tenantClientsKey(tenantId), queryFn: ({ signal }) => getTenantClients(tenantId, signal) });
}

/** The tenant's meeting apps (web, mobile and desktop), by name. */
export function useTenantClients(tenantId: string) {
  return useQuery(getTenantClientsQueryOptions(tenantId));
}

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
