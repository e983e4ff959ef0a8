import { useMutation } from '@tanstack/react-query';
import { api, ok, type operations } from '@portal/api-client';
import { downloadFile } from '@portal/ui-kit';

export type ExportCompletedMeetingsParams = NonNullable<operations['exportCompletedMeetings']['parameters']['query']>;

export const COMPLETED_EXPORT_FILE_NAME = 'completed-meetings.csv';

export function exportCompletedMeetings(params: ExportCompletedMeetingsParams = {}) {
  return ok(api().GET('/completed-meetings/export', { params: { query: params }, parseAs: 'blob' }));
}

/** Downloads the completed meetings of the period and search as a CSV file. */
export function useExportCompletedMeetings() {
  return useMutation({
    mutationFn: async (params: ExportCompletedMeetingsParams = {}) => {
      const blob = await exportCompletedMeetings(params);
      downloadFile(blob, COMPLETED_EXPORT_FILE_NAME);
    },
  });
}
