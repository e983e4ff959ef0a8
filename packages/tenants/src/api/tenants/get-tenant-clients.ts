import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { tenantClientsKey } from './keys';

export type TenantClient = Schema<'TenantClient'>;

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
