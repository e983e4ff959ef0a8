import { skipToken, useQuery } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import { catalogueKeys } from './keys';

export function getProduct(productId: string, signal?: AbortSignal) {
  return ok(api().GET('/products/{productId}', { params: { path: { productId } }, signal }));
}

/** One product (the edit screen); disabled while there is no id. */
export function useProduct(productId: string | undefined) {
  return useQuery({ queryKey: catalogueKeys.product(productId ?? ''), queryFn: productId ? ({ signal }) => getProduct(productId, signal) : skipToken });
}
