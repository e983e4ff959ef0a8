import { useMutation } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';

export type PurchaseRequest = Schema<'PurchaseRequest'>;

export function validatePurchaseRequest(request: PurchaseRequest) {
  return ok(api().POST('/billing/purchase-quote', { body: request }));
}

/** Save and Continue: the server checks the purchase and answers its total. */
export function useValidatePurchaseRequest() {
  return useMutation({ mutationFn: validatePurchaseRequest });
}
