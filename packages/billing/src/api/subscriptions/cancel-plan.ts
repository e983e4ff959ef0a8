import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import { subscriptionKeys } from './subscription-keys';

export function cancelPlan({ subscriptionId }: { subscriptionId: string }) {
  return ok(api().POST('/billing/subscriptions/{subscriptionId}/cancel', { params: { path: { subscriptionId } } }));
}

/** Cancels at the end of the billing cycle. */
export function useCancelPlan() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelPlan, onSuccess: () => queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }) });
}
