import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import { subscriptionKeys } from '../subscriptions/subscription-keys';
import { invoiceKeys } from './invoice-keys';

export function manuelPay(invoiceId: string, reference?: string) {
  return ok(api().POST('/billing/invoices/{invoiceId}/manual-payment', { params: { path: { invoiceId } }, body: reference ? { reference } : {} }));
}

/** The platform super administrator records the bank transfer that pays an open invoice. */
export function useManuelPay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ invoiceId, reference }: { invoiceId: string; reference?: string }) => manuelPay(invoiceId, reference),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: invoiceKeys.all }), queryClient.invalidateQueries({ queryKey: subscriptionKeys.all })]),
  });
}
