import { useMutation } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import type { AuditFilter } from './get-audit-log';
import { downloadFile } from '@portal/ui-kit';

export const AUDIT_EXPORT_FILE_NAME = 'audit-log.csv';

export function exportAuditLog(filter: AuditFilter = {}) {
  return ok(api().GET('/audit-log/export', { params: { query: filter }, parseAs: 'blob' }));
}

/** Downloads the audit log entries matching the filter as CSV (the server caps the rows). */
export function useExportAuditLog() {
  return useMutation({
    mutationFn: async (filter: AuditFilter = {}) => {
      downloadFile(await exportAuditLog(filter), AUDIT_EXPORT_FILE_NAME);
    },
  });
}
