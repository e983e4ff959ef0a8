import { useMutation, useQueryClient, type MutationMeta } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import { invalidateCatalogue } from './invalidate-catalogue';

export function deletePlan({ planId }: { planId: string }) {
  return ok(api().DELETE('/plans/{planId}', { params: { path: { planId } } }));
}

/** Deletes a plan no subscription uses (409 `plan_in_use` otherwise). */
export function useDeletePlan({ meta }: { meta?: MutationMeta } = {}) {
  const queryClient = useQueryClient();
  return useMutation({ meta, mutationFn: deletePlan, onSuccess: () => invalidateCatalogue(queryClient) });
}
