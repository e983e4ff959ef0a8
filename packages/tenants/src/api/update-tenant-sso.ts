import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { tenantSsoKey } from './get-tenant-sso';

export type SsoProviderUpdate = Schema<'SsoProviderUpdate'>;
export type UpdateTenantSsoInput = { providerId: string; changes: SsoProviderUpdate };

export function updateTenantSso({ providerId, changes }: UpdateTenantSsoInput) {
  return ok(api().PATCH('/tenant/sso/{providerId}', { params: { path: { providerId } }, body: changes }));
}

/** Changes a provider of the caller's own tenant (updateTenantSSO); `clientSecret: null` removes the stored secret. */
export function useUpdateTenantSso() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTenantSso,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tenantSsoKey }),
  });
}
