import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { invoiceKeys } from '../invoices/invoice-keys';
import { subscriptionKeys } from './subscription-keys';

export function changePlan(subscriptionId: string, change: Schema<'ChangeRequest'>) {
  return ok(api().POST('/billing/subscriptions/{subscriptionId}/change', { params: { path: { subscriptionId } }, body: change }));
}

/** Change plan (spec ChangePlan): another plan or billing cycle now, prorated to the second. */
export function useChangePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ subscriptionId, change }: { subscriptionId: string; change: Schema<'ChangeRequest'> }) => changePlan(subscriptionId, change),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }), queryClient.invalidateQueries({ queryKey: invoiceKeys.all })]),
  });
}
