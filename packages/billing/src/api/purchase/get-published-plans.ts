import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import { subscriptionKeys } from '../subscriptions/subscription-keys';

export function getPublishedPlans(signal?: AbortSignal) {
  return ok(api().GET('/published-plans', { params: { query: { limit: 100 } }, signal }));
}

export function getPublishedPlansQueryOptions() {
  return queryOptions({ queryKey: [...subscriptionKeys.all, 'published-plans'] as const, queryFn: ({ signal }) => getPublishedPlans(signal) });
}

/** The plans on sale (selectPublishedPlan), with their prices per currency and cycle. */
export function usePublishedPlans() {
  return useQuery(getPublishedPlansQueryOptions());
}
