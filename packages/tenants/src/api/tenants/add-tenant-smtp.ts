import { api, ok, type Schema } from '@portal/api-client';

export type TenantSmtpCreate = Schema<'TenantSmtpCreate'>;

export function addTenantSmtp({ tenantId, body }: { tenantId: string; body: TenantSmtpCreate }) {
  return ok(api().POST('/tenants/{tenantId}/smtp', { params: { path: { tenantId } }, body }));
}
