import { useMutation } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { OWN_ERROR_NOTICE } from '@portal/forms';
import { csvFileRequest } from './import-users';

export type UserImport = Schema<'UserImport'>;

/** Into the caller's own tenant, or into `tenantId` (the tenant list's action). */
export type StartUserImportInput = { file: Blob; tenantId?: string };

export async function startUserImport({ file, tenantId }: StartUserImportInput): Promise<UserImport> {
  const request = await csvFileRequest(file);
  return tenantId ? ok(api().POST('/tenants/{tenantId}/users/import-jobs', { params: { path: { tenantId } }, ...request })) : ok(api().POST('/users/import-jobs', request));
}

/**
 * Queues a CSV file's import (413 over 1 MB); the server's job then checks every row before it
 * creates any, and `useUserImport` follows it.
 */
export function useStartUserImport() {
  return useMutation({ meta: OWN_ERROR_NOTICE, mutationFn: startUserImport });
}
