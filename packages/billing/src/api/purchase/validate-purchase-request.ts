import { skipToken, useMutation, useQuery } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { billingKeys } from '../billing-keys';

export type PurchaseRequest = Schema<'PurchaseRequest'>;

export function validatePurchaseRequest(request: PurchaseRequest, signal?: AbortSignal) {
  return ok(api().POST('/billing/purchase-quote', { body: request, signal }));
}

/** Save and Continue: the server checks the purchase and answers its total. */
export function useValidatePurchaseRequest() {
  return useMutation({ mutationFn: (request: PurchaseRequest) => validatePurchaseRequest(request) });
}

/** The server's total of the purchase the payment review shows (asked again on every visit: prices may change). */
export function usePurchaseQuote(request: PurchaseRequest | null) {
  return useQuery({
    queryKey: [...billingKeys.all, 'purchase-quote', request] as const,
    queryFn: request ? ({ signal }) => validatePurchaseRequest(request, signal) : skipToken,
    staleTime: 0,
    retry: false,
  });
}
