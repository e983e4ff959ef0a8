import { useMutation, useQueryClient, type MutationMeta } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { invalidateCatalogue } from './invalidate-catalogue';

export type ProductUpdate = Schema<'ProductUpdate'>;
export type UpdateProductInput = { productId: string; changes: ProductUpdate };

export function updateProduct({ productId, changes }: UpdateProductInput) {
  return ok(api().PATCH('/products/{productId}', { params: { path: { productId } }, body: changes }));
}

/** Edits, disables or enables a product. */
export function useUpdateProduct({ meta }: { meta?: MutationMeta } = {}) {
  const queryClient = useQueryClient();
  return useMutation({ meta, mutationFn: updateProduct, onSuccess: () => invalidateCatalogue(queryClient) });
}
