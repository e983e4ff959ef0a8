import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { tenantSmtpKey } from './keys';

export type TenantSmtp = Schema<'TenantSmtp'>;

export function getTenantSmtp(tenantId: string, signal?: AbortSignal) {
  return ok(api().GET('/tenants/{tenantId}/smtp', { params: { path: { tenantId } }, signal }));
}

export function getTenantSmtpQueryOptions(tenantId: string) {
  return queryOptions({ queryKey: tenantSmtpKey(tenantId), queryFn: ({ signal }) => getTenantSmtp(tenantId, signal) });
}

/** The tenant's own SMTP server (`smtp: null` while its mail goes through the platform's). */
export function useTenantSmtp(tenantId: string) {
  return useQuery(getTenantSmtpQueryOptions(tenantId));
}
