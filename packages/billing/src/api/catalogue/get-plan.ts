import { skipToken, useQuery } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import { catalogueKeys } from './keys';

export function getPlan(planId: string, signal?: AbortSignal) {
  return ok(api().GET('/plans/{planId}', { params: { path: { planId } }, signal }));
}

/** One plan (the edit screen); disabled while there is no id. */
export function usePlan(planId: string | undefined) {
  return useQuery({ queryKey: catalogueKeys.plan(planId ?? ''), queryFn: planId ? ({ signal }) => getPlan(planId, signal) : skipToken });
}
