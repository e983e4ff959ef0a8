import { api, ok, type Schema } from '@portal/api-client';

export type TenantSmtpUpdate = Schema<'TenantSmtpUpdate'>;

export function updateTenantSmtp({ tenantId, body }: { tenantId: string; body: TenantSmtpUpdate }) {
  return ok(api().PATCH('/tenants/{tenantId}/smtp', { params: { path: { tenantId } }, body }));
}
