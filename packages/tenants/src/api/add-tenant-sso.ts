import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { tenantSsoKey } from './get-tenant-sso';

export type SsoProviderCreate = Schema<'SsoProviderCreate'>;

export function addTenantSso(body: SsoProviderCreate) {
  return ok(api().POST('/tenant/sso', { body }));
}

/** Adds an OpenID Connect provider to the caller's own tenant (addTenantSSO). */
export function useAddTenantSso() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addTenantSso,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tenantSsoKey }),
  });
}
