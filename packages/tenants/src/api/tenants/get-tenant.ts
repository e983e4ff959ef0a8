import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { tenantKeys } from './keys';

export type Tenant = Schema<'Tenant'>;

export function getTenant(tenantId: string, signal?: AbortSignal) {
  return ok(api().GET('/tenants/{tenantId}', { params: { path: { tenantId } }, signal }));
}

export function getTenantQueryOptions(tenantId: string) {
  return queryOptions({ queryKey: tenantKeys.detail(tenantId), queryFn: ({ signal }) => getTenant(tenantId, signal) });
}

/** One tenant's details (the super administrator any tenant, a tenant administrator its own). */
export function useTenant(tenantId: string) {
  return useQuery(getTenantQueryOptions(tenantId));
}
