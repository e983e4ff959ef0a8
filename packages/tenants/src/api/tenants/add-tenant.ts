import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { tenantKeys } from './keys';
import { OWN_ERROR_NOTICE } from '@portal/forms';

export type TenantCreate = Schema<'TenantCreate'>;
export type TenantCreated = Schema<'TenantCreated'>;

export function addTenant(body: TenantCreate) {
  return ok(api().POST('/tenants', { body }));
}

/** Creates a tenant with its administrator; the answer holds the administrator's sign-in info, once. */
export function useAddTenant() {
  const queryClient = useQueryClient();
  return useMutation({ meta: OWN_ERROR_NOTICE, mutationFn: addTenant, onSuccess: () => queryClient.invalidateQueries({ queryKey: tenantKeys.lists() }) });
}
