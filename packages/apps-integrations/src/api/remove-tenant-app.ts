import { useMutation } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import { notInstalledApp, useTenantAppChanged, type PartnerAppId } from './get-tenant-apps';

export function removeTenantApp({ tenantId, app }: { tenantId: string; app: PartnerAppId }) {
  return ok(api().DELETE('/tenants/{tenantId}/apps/{app}', { params: { path: { tenantId, app } } }));
}

/** Removes a partner app and deletes its settings and API key (removeTenantApp); it is then not installed. */
export function useRemoveTenantApp(tenantId: string) {
  const changed = useTenantAppChanged(tenantId);
  return useMutation({
    mutationFn: async ({ app }: { app: PartnerAppId }) => {
      await removeTenantApp({ tenantId, app });
      return notInstalledApp(app);
    },
    onSuccess: changed,
  });
}
