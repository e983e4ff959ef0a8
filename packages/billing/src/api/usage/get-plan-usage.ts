import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { planUsageKeys } from './usage-keys';

export type PlanUsage = Schema<'PlanUsage'>;

export function getPlanUsage(signal?: AbortSignal) {
  return ok(api().GET('/billing/usage', { signal }));
}

export function getPlanUsageQueryOptions() {
  return queryOptions({ queryKey: planUsageKeys.all, queryFn: ({ signal }) => getPlanUsage(signal) });
}

/** Seats, recording storage and meetings at once against the plan (Current plans). */
export function usePlanUsage() {
  return useQuery(getPlanUsageQueryOptions());
}
