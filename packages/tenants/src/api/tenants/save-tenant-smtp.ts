import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OWN_ERROR_NOTICE } from '@portal/forms';
import { addTenantSmtp, type TenantSmtpCreate } from './add-tenant-smtp';
import { getTenantSmtpQueryOptions } from './get-tenant-smtp';
import { updateTenantSmtp } from './update-tenant-smtp';

/** Creates the tenant's SMTP settings the first time, changes them afterwards. */
export function useSaveTenantSmtp(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: OWN_ERROR_NOTICE,
    mutationFn: ({ exists, body }: { exists: boolean; body: TenantSmtpCreate }) =>
      exists ? updateTenantSmtp({ tenantId, body }) : addTenantSmtp({ tenantId, body }),
    onSuccess: (smtp) => queryClient.setQueryData(getTenantSmtpQueryOptions(tenantId).queryKey, { smtp }),
  });
}
