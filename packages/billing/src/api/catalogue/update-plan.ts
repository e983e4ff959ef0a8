import { useMutation, useQueryClient, type MutationMeta } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { invalidateCatalogue } from './invalidate-catalogue';

export type PlanUpdate = Schema<'PlanUpdate'>;
export type UpdatePlanInput = { planId: string; changes: PlanUpdate };

export function updatePlan({ planId, changes }: UpdatePlanInput) {
  return ok(api().PATCH('/plans/{planId}', { params: { path: { planId } }, body: changes }));
}

/** Edits, publishes, disables or enables a plan; a list sent replaces the plan's whole list. */
export function useUpdatePlan({ meta }: { meta?: MutationMeta } = {}) {
  const queryClient = useQueryClient();
  return useMutation({ meta, mutationFn: updatePlan, onSuccess: () => invalidateCatalogue(queryClient) });
}
