import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, createQueryKeys, ok, type Schema } from '@portal/api-client';

export type TenantApp = Schema<'TenantApp'>;
export type PartnerAppId = Schema<'PartnerAppId'>;

/** The partner apps' queries: one tenant's apps under `detail(tenantId)`. */
export const tenantAppKeys = createQueryKeys('tenant-apps');

export const tenantAppsKey = (tenantId: string) => tenantAppKeys.detail(tenantId);

/**
 * The tenant's own query (getTenant) as the tenants feature keys it (`createQueryKeys('tenants')`
 * of @portal/api-client). Written out here because a feature never imports another: the tenant
 * is read again after an app changes, since its `neosound` and `slack` features follow the apps.
 */
const tenantDetailKey = (tenantId: string) => ['tenants', 'detail', tenantId] as const;

export function getTenantApps(tenantId: string, signal?: AbortSignal) {
  return ok(api().GET('/tenants/{tenantId}/apps', { params: { path: { tenantId } }, signal }));
}

export function getTenantAppsQueryOptions(tenantId: string) {
  return queryOptions({ queryKey: tenantAppsKey(tenantId), queryFn: ({ signal }) => getTenantApps(tenantId, signal) });
}

/** The tenant's partner apps (Neosound, Slack), installed or not, in the server's order. */
export function useTenantApps(tenantId: string) {
  return useQuery(getTenantAppsQueryOptions(tenantId));
}

/**
 * What the partner-app mutations do on success: the app's new state goes into the list, and the
 * tenant is read again, since its `neosound` and `slack` features follow the installed apps.
 */
export function useTenantAppChanged(tenantId: string) {
  const queryClient = useQueryClient();
  return (app: TenantApp) => {
    queryClient.setQueryData(getTenantAppsQueryOptions(tenantId).queryKey, (list) => list && { items: list.items.map((item) => (item.app === app.app ? app : item)) });
    return queryClient.invalidateQueries({ queryKey: tenantDetailKey(tenantId), exact: true });
  };
}

/** The list entry of an app that is not installed (after Remove). */
export const notInstalledApp = (app: PartnerAppId): TenantApp => ({ app, state: 'not_installed', settings: null, installedAt: null, updatedAt: null });
