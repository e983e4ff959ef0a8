import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok, type operations, type Schema } from '@portal/api-client';
import { catalogueKeys } from './keys';

export type GetPlansParams = NonNullable<operations['getPlans']['parameters']['query']>;
export type Plan = Schema<'Plan'>;

export function getPlans(params: GetPlansParams, signal?: AbortSignal) {
  return ok(api().GET('/plans', { params: { query: params }, signal }));
}

export function getPlansQueryOptions(params: GetPlansParams) {
  return queryOptions({ queryKey: [...catalogueKeys.plans(), params] as const, queryFn: ({ signal }) => getPlans(params, signal) });
}

/** One page of plans, by name, with their prices, limits, links and roles. */
export function usePlans(params: GetPlansParams, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getPlansQueryOptions(params), placeholderData: keepPreviousData, enabled });
}
