import { useQuery } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { catalogueKeys } from './keys';

export type LimitDefinition = Schema<'LimitDefinition'>;

export function getLimits(signal?: AbortSignal) {
  return ok(api().GET('/plan-limits', { signal }));
}

/** The kinds of limit a plan may set, with their units. */
export function useLimits() {
  return useQuery({ queryKey: catalogueKeys.constants('limits'), queryFn: ({ signal }) => getLimits(signal), staleTime: Infinity });
}
