import { useMutation, useQueryClient, type MutationMeta } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { invalidateCatalogue } from './invalidate-catalogue';

export type PlanCreate = Schema<'PlanCreate'>;

export function addPlan(body: PlanCreate) {
  return ok(api().POST('/plans', { body }));
}

/** Creates a plan with its prices, limits, links and roles (platform super administrator). */
export function useAddPlan({ meta }: { meta?: MutationMeta } = {}) {
  const queryClient = useQueryClient();
  return useMutation({ meta, mutationFn: addPlan, onSuccess: () => invalidateCatalogue(queryClient) });
}
