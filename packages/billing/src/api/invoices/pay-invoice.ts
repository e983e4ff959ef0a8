import { useMutation, type MutationMeta } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';

export function payInvoice({ invoiceId }: { invoiceId: string }) {
  return ok(api().POST('/billing/invoices/{invoiceId}/payment', { params: { path: { invoiceId } } }));
}

/** How to pay an open invoice of the tenant: Stripe's checkout page, or the invoice to quote in a bank transfer. Pays nothing itself, so nothing to invalidate. */
export function usePayInvoice({ meta }: { meta?: MutationMeta } = {}) {
  return useMutation({ meta, mutationFn: payInvoice });
}
