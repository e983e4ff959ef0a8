import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { tenantSsoKey } from './keys';
import { OWN_ERROR_NOTICE } from '@portal/forms';

export type SsoProviderCreate = Schema<'SsoProviderCreate'>;

export function addTenantSso({ tenantId, body }: { tenantId?: string; body: SsoProviderCreate }) {
  if (tenantId) return ok(api().POST('/tenants/{tenantId}/sso', { params: { path: { tenantId } }, body }));
  return ok(api().POST('/tenant/sso', { body }));
}

/**
 * Adds an OpenID Connect provider to the caller's own tenant (addTenantSSO), or with `tenantId`
 * to that tenant (addTenantSsoProvider).
 */
export function useAddTenantSso(tenantId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: OWN_ERROR_NOTICE,
    mutationFn: (body: SsoProviderCreate) => addTenantSso({ tenantId, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tenantSsoKey }),
  });
}
