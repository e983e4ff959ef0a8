import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import { invoiceKeys } from '../invoices/invoice-keys';
import { subscriptionKeys } from './subscription-keys';

export function deleteSubscription({ subscriptionId }: { subscriptionId: string }) {
  return ok(api().DELETE('/billing/subscriptions/{subscriptionId}', { params: { path: { subscriptionId } } }));
}

/** Withdraws a pending plan never paid (its invoice is voided). */
export function useDeleteSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSubscription,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }), queryClient.invalidateQueries({ queryKey: invoiceKeys.all })]),
  });
}
