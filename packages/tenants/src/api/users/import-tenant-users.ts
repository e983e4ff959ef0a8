import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import { csvFileRequest } from './import-users';
import { userKeys } from './keys';
import { OWN_ERROR_NOTICE } from '@portal/forms';

export type ImportTenantUsersInput = { tenantId: string; file: Blob };

export async function importTenantUsers({ tenantId, file }: ImportTenantUsersInput) {
  return ok(api().POST('/tenants/{tenantId}/users/import', { params: { path: { tenantId } }, ...(await csvFileRequest(file)) }));
}

/**
 * Imports a CSV file's users into one tenant, from the tenant list: all rows or none, like
 * `useImportUsers` (422 `import_invalid` with `rowErrors`, 413 over 1 MB).
 */
export function useImportTenantUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: OWN_ERROR_NOTICE,
    mutationFn: importTenantUsers,
    // The tenant may be the caller's own, whose users screen lists them.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
  });
}
