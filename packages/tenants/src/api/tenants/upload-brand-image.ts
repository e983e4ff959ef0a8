import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { OWN_ERROR_NOTICE } from '@portal/forms';
import { brandSaved } from './brand-saved';

export type BrandImageSlot = Schema<'BrandImageSlot'>;

export function uploadBrandImage({ tenantId, slot, image }: { tenantId: string; slot: BrandImageSlot; image: Blob }) {
  return ok(
    api().PUT('/tenants/{tenantId}/brand/images/{slot}', {
      params: { path: { tenantId, slot } },
      // The body is the image's bytes, not JSON.
      body: image as never,
      bodySerializer: (body: unknown) => body as Blob,
      headers: { 'Content-Type': image.type === 'image/png' ? 'image/png' : 'image/jpeg' },
    }),
  );
}

/** Replaces one brand image (uploadBrandImage) with a PNG or JPEG of at most 2 MB. */
export function useUploadBrandImage(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: OWN_ERROR_NOTICE,
    mutationFn: ({ slot, image }: { slot: BrandImageSlot; image: Blob }) => uploadBrandImage({ tenantId, slot, image }),
    onSuccess: (brand) => brandSaved(queryClient, tenantId, brand),
  });
}
