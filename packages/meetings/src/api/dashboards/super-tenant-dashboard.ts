import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import type { DashboardFilter } from './dashboard-info';
import { dashboardKeys } from './keys';

export function superTenantDashboard(filter: DashboardFilter, signal?: AbortSignal) {
  return ok(api().POST('/dashboard/platform', { body: filter, signal }));
}

export function superTenantDashboardQueryOptions(filter: DashboardFilter) {
  return queryOptions({ queryKey: dashboardKeys.platform(filter), queryFn: ({ signal }) => superTenantDashboard(filter, signal) });
}

/** Every tenant's figures for a range of days (the platform super administrator). */
export function useSuperTenantDashboard(filter: DashboardFilter, enabled = true) {
  return useQuery({ ...superTenantDashboardQueryOptions(filter), enabled, placeholderData: keepPreviousData });
}
