import { useMutation } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import { downloadFile } from '@portal/ui-kit';

export type ExportTenantUsersInput = { tenantId: string; sname: string };

/** The file a tenant's export saves as: `users-acme.csv`. */
export const tenantUsersFileName = (sname: string) => `users-${sname}.csv`;

export function exportTenantUsers({ tenantId }: { tenantId: string }) {
  return ok(api().GET('/tenants/{tenantId}/users/export', { params: { path: { tenantId } }, parseAs: 'blob' }));
}

/** Downloads one tenant's users as a CSV file in the import format, from the tenant list. */
export function useExportTenantUsers() {
  return useMutation({
    mutationFn: async ({ tenantId, sname }: ExportTenantUsersInput) => {
      downloadFile(await exportTenantUsers({ tenantId }), tenantUsersFileName(sname));
    },
  });
}
