import { useMutation } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { useTenantAppChanged, type PartnerAppId } from './get-tenant-apps';
import { OWN_ERROR_NOTICE } from '@portal/forms';

export type TenantAppInstall = Schema<'TenantAppInstall'>;
export type InstallTenantAppInput = { app: PartnerAppId; body: TenantAppInstall };

export function installTenantApp({ tenantId, app, body }: InstallTenantAppInput & { tenantId: string }) {
  return ok(api().PUT('/tenants/{tenantId}/apps/{app}', { params: { path: { tenantId, app } }, body }));
}

/** Installs a partner app that is not installed, with its settings (installTenantApp). */
export function useInstallTenantApp(tenantId: string) {
  const changed = useTenantAppChanged(tenantId);
  return useMutation({ meta: OWN_ERROR_NOTICE, mutationFn: (input: InstallTenantAppInput) => installTenantApp({ tenantId, ...input }), onSuccess: changed });
}
