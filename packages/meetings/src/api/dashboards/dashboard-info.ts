import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { dashboardKeys } from './keys';

export type DashboardFilter = Schema<'DashboardFilter'>;
export type Dashboard = Schema<'Dashboard'>;

export function dashboardInfo(filter: DashboardFilter, signal?: AbortSignal) {
  return ok(api().POST('/dashboard', { body: filter, signal }));
}

export function dashboardInfoQueryOptions(filter: DashboardFilter) {
  return queryOptions({ queryKey: dashboardKeys.tenant(filter), queryFn: ({ signal }) => dashboardInfo(filter, signal) });
}

/** The caller's tenant's dashboard for a range of days. */
export function useDashboardInfo(filter: DashboardFilter, enabled = true) {
  return useQuery({ ...dashboardInfoQueryOptions(filter), enabled, placeholderData: keepPreviousData });
}
