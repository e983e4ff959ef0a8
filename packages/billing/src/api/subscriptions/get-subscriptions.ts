import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok, type operations } from '@portal/api-client';
import { subscriptionKeys } from './subscription-keys';

export type SubscriptionsParams = NonNullable<operations['getSubscriptions']['parameters']['query']>;

export function getSubscriptions(params: SubscriptionsParams, signal?: AbortSignal) {
  return ok(api().GET('/billing/subscriptions', { params: { query: params }, signal }));
}

export function getSubscriptionsQueryOptions(params: SubscriptionsParams) {
  return queryOptions({ queryKey: subscriptionKeys.list(params), queryFn: ({ signal }) => getSubscriptions(params, signal) });
}

/** One page of the tenant's current or pending plans, newest first. */
export function useSubscriptions(params: SubscriptionsParams) {
  return useQuery({ ...getSubscriptionsQueryOptions(params), placeholderData: keepPreviousData });
}
