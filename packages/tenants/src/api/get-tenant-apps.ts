import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { tenantKeys } from './tenant-keys';

export type TenantApp = Schema<'TenantApp'>;
export type PartnerAppId = Schema<'PartnerAppId'>;

export const tenantAppsKey = (tenantId: string) => [...tenantKeys.detail(tenantId), 'apps'] as const;

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
    return queryClient.invalidateQueries({ queryKey: tenantKeys.detail(tenantId), exact: true });
  };
}

/** The list entry of an app that is not installed (after Remove). */
export const notInstalledApp = (app: PartnerAppId): TenantApp => ({ app, state: 'not_installed', settings: null, installedAt: null, updatedAt: null });
