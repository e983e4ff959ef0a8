import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { invoiceKeys } from '../invoices/invoice-keys';
import { subscriptionKeys } from './subscription-keys';

export function editPurchasedPlan(subscriptionId: string, changes: Schema<'EditPurchasedPlan'>) {
  return ok(api().PATCH('/billing/subscriptions/{subscriptionId}', { params: { path: { subscriptionId } }, body: changes }));
}

/** Edit Plan: licences (more charged now, prorated; fewer from the cycle end) and auto renewal; of a pending plan also its bundles (its invoice replaced). */
export function useEditPurchasedPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ subscriptionId, changes }: { subscriptionId: string; changes: Schema<'EditPurchasedPlan'> }) => editPurchasedPlan(subscriptionId, changes),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }), queryClient.invalidateQueries({ queryKey: invoiceKeys.all })]),
  });
}
