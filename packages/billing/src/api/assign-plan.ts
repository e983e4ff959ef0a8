import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { billingKeys } from './billing-keys';

export function assignPlan(tenantId: string, assignment: Schema<'AssignPlan'>) {
  return ok(api().POST('/tenants/{tenantId}/assigned-plans', { params: { path: { tenantId } }, body: assignment }));
}

export function editAssignedPlan(tenantId: string, subscriptionId: string, changes: Schema<'EditAssignedPlan'>) {
  return ok(api().PATCH('/tenants/{tenantId}/assigned-plans/{subscriptionId}', { params: { path: { tenantId, subscriptionId } }, body: changes }));
}

/** The platform super administrator assigns a plan to the tenant (active at once, its invoice issued). */
export function useAssignPlan(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (assignment: Schema<'AssignPlan'>) => assignPlan(tenantId, assignment), onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.detail(tenantId) }) });
}

/** The platform super administrator edits the tenant's subscription (licences, auto renewal) from the next invoice on. */
export function useEditAssignedPlan(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ subscriptionId, changes }: { subscriptionId: string; changes: Schema<'EditAssignedPlan'> }) => editAssignedPlan(tenantId, subscriptionId, changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.detail(tenantId) }),
  });
}
