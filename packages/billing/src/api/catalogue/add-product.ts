import { useMutation, useQueryClient, type MutationMeta } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { invalidateCatalogue } from './invalidate-catalogue';

export type ProductCreate = Schema<'ProductCreate'>;

export function addProduct(body: ProductCreate) {
  return ok(api().POST('/products', { body }));
}

/** Creates a product (platform super administrator). */
export function useAddProduct({ meta }: { meta?: MutationMeta } = {}) {
  const queryClient = useQueryClient();
  return useMutation({ meta, mutationFn: addProduct, onSuccess: () => invalidateCatalogue(queryClient) });
}
