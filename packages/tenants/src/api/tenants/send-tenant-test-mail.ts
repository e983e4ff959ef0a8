import { useMutation } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';

export function sendTenantTestMail({ tenantId, to }: { tenantId: string; to: string }) {
  return ok(api().POST('/tenants/{tenantId}/smtp/test', { params: { path: { tenantId } }, body: { to } }));
}

export function useSendTenantTestMail() {
  return useMutation({ mutationFn: sendTenantTestMail });
}
