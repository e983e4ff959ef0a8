import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import { invoiceKeys } from '../invoices/invoice-keys';
import { subscriptionKeys } from '../subscriptions/subscription-keys';
import type { PurchaseRequest } from './validate-purchase-request';

export function purchasePlan(request: PurchaseRequest) {
  return ok(api().POST('/billing/purchases', { body: request }));
}

/** Proceed to pay: the subscription is created pending with its invoice. */
export function usePurchasePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: purchasePlan,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }), queryClient.invalidateQueries({ queryKey: invoiceKeys.all })]),
  });
}
