import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { tenantDefaultsKey } from './keys';

export type TenantDefaults = Schema<'TenantDefaults'>;

export function getDefaults(signal?: AbortSignal) {
  return ok(api().GET('/tenant-defaults', { signal }));
}

export function getDefaultsQueryOptions() {
  return queryOptions({ queryKey: tenantDefaultsKey(), queryFn: ({ signal }) => getDefaults(signal) });
}

/**
 * What a new tenant gets (getDefaults): the built-in defaults under the platform's saved 'tenant'
 * configuration section.
 */
export function useTenantDefaults() {
  return useQuery(getDefaultsQueryOptions());
}
