import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { tenantKeys } from './tenant-keys';
import { OWN_ERROR_NOTICE } from '@portal/auth';

export type TenantSmtp = Schema<'TenantSmtp'>;
export type TenantSmtpCreate = Schema<'TenantSmtpCreate'>;
export type TenantSmtpUpdate = Schema<'TenantSmtpUpdate'>;

export const tenantSmtpKey = (tenantId: string) => [...tenantKeys.detail(tenantId), 'smtp'] as const;

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

export function addTenantSmtp({ tenantId, body }: { tenantId: string; body: TenantSmtpCreate }) {
  return ok(api().POST('/tenants/{tenantId}/smtp', { params: { path: { tenantId } }, body }));
}

export function updateTenantSmtp({ tenantId, body }: { tenantId: string; body: TenantSmtpUpdate }) {
  return ok(api().PATCH('/tenants/{tenantId}/smtp', { params: { path: { tenantId } }, body }));
}

/** Creates the tenant's SMTP settings the first time, changes them afterwards. */
export function useSaveTenantSmtp(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: OWN_ERROR_NOTICE,
    mutationFn: ({ exists, body }: { exists: boolean; body: TenantSmtpCreate }) =>
      exists ? updateTenantSmtp({ tenantId, body }) : addTenantSmtp({ tenantId, body }),
    onSuccess: (smtp) => queryClient.setQueryData(tenantSmtpKey(tenantId), { smtp }),
  });
}

export function sendTenantTestMail({ tenantId, to }: { tenantId: string; to: string }) {
  return ok(api().POST('/tenants/{tenantId}/smtp/test', { params: { path: { tenantId } }, body: { to } }));
}

export function useSendTenantTestMail() {
  return useMutation({ mutationFn: sendTenantTestMail });
}
