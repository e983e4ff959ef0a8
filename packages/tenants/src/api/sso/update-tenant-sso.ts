import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { tenantSsoKey } from './keys';
import { OWN_ERROR_NOTICE } from '@portal/forms';

export type SsoProviderUpdate = Schema<'SsoProviderUpdate'>;
export type UpdateTenantSsoInput = { providerId: string; changes: SsoProviderUpdate };

export function updateTenantSso({ tenantId, providerId, changes }: UpdateTenantSsoInput & { tenantId?: string }) {
  if (tenantId) return ok(api().PATCH('/tenants/{tenantId}/sso/{providerId}', { params: { path: { tenantId, providerId } }, body: changes }));
  return ok(api().PATCH('/tenant/sso/{providerId}', { params: { path: { providerId } }, body: changes }));
}

/**
 * Changes a provider of the caller's own tenant (updateTenantSSO), or with `tenantId` of that
 * tenant (updateTenantSsoProvider); `clientSecret: null` removes the stored secret.
 */
export function useUpdateTenantSso(tenantId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: OWN_ERROR_NOTICE,
    mutationFn: (input: UpdateTenantSsoInput) => updateTenantSso({ ...input, tenantId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tenantSsoKey }),
  });
}
