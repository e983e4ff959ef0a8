import { useMutation, useQueryClient, type MutationMeta } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import { invalidateCatalogue } from './invalidate-catalogue';

export function deleteProduct({ productId }: { productId: string }) {
  return ok(api().DELETE('/products/{productId}', { params: { path: { productId } } }));
}

/** Deletes a product without plans (409 `product_in_use` otherwise). */
export function useDeleteProduct({ meta }: { meta?: MutationMeta } = {}) {
  const queryClient = useQueryClient();
  return useMutation({ meta, mutationFn: deleteProduct, onSuccess: () => invalidateCatalogue(queryClient) });
}
