import { useMutation } from '@tanstack/react-query';
import { api, ok, type operations } from '@portal/api-client';
import { downloadFile } from '@portal/ui-kit';

export type ExportUsersParams = NonNullable<operations['exportUsers']['parameters']['query']>;

export const EXPORT_FILE_NAME = 'users.csv';

export function exportUsers(params: ExportUsersParams = {}) {
  return ok(api().GET('/users/export', { params: { query: params }, parseAs: 'blob' }));
}

/** Downloads the tenant's users (matching `q`) as a CSV file in the import format. */
export function useExportUsers() {
  return useMutation({
    mutationFn: async (params: ExportUsersParams = {}) => {
      const blob = await exportUsers(params);
      downloadFile(blob, EXPORT_FILE_NAME);
    },
  });
}
