import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { invoiceKeys } from '../invoices/invoice-keys';
import { subscriptionKeys } from './subscription-keys';

export type UpgradeRequest = Schema<'UpgradeRequest'>;

export function upgradePendingPlan(subscriptionId: string, upgrade: UpgradeRequest) {
  return ok(api().POST('/billing/subscriptions/{subscriptionId}/upgrade', { params: { path: { subscriptionId } }, body: upgrade }));
}

/** Upgrade of a pending plan: the purchase waiting for payment is replaced, its invoice voided and a new one issued. */
export function useUpgradePendingPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ subscriptionId, upgrade }: { subscriptionId: string; upgrade: UpgradeRequest }) => upgradePendingPlan(subscriptionId, upgrade),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }), queryClient.invalidateQueries({ queryKey: invoiceKeys.all })]),
  });
}
