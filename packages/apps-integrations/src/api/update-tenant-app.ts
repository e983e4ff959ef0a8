import { useMutation, type MutationMeta } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { useTenantAppChanged, type PartnerAppId } from './get-tenant-apps';

export type TenantAppUpdate = Schema<'TenantAppUpdate'>;
export type UpdateTenantAppInput = { app: PartnerAppId; changes: TenantAppUpdate };

export function updateTenantApp({ tenantId, app, changes }: UpdateTenantAppInput & { tenantId: string }) {
  return ok(api().PATCH('/tenants/{tenantId}/apps/{app}', { params: { path: { tenantId, app } }, body: changes }));
}

/**
 * Uninstalls a partner app (settings kept), installs an uninstalled one again or changes its
 * settings (updateTenantApp); no `apiKey` keeps the stored key.
 */
export function useUpdateTenantApp(tenantId: string, { meta }: { meta?: MutationMeta } = {}) {
  const changed = useTenantAppChanged(tenantId);
  return useMutation({ meta, mutationFn: (input: UpdateTenantAppInput) => updateTenantApp({ tenantId, ...input }), onSuccess: changed });
}
