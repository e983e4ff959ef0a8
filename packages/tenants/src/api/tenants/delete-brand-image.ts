import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import { brandSaved } from './brand-saved';
import type { BrandImageSlot } from './upload-brand-image';

export function deleteBrandImage({ tenantId, slot }: { tenantId: string; slot: BrandImageSlot }) {
  return ok(api().DELETE('/tenants/{tenantId}/brand/images/{slot}', { params: { path: { tenantId, slot } } }));
}

/** Removes one brand image (deleteBrandImage); the portal falls back to its default one. */
export function useDeleteBrandImage(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ slot }: { slot: BrandImageSlot }) => deleteBrandImage({ tenantId, slot }),
    onSuccess: (brand) => brandSaved(queryClient, tenantId, brand),
  });
}
