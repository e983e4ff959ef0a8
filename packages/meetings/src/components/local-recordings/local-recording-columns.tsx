import { Trans } from '@lingui/react/macro';
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { useDateFormat } from '@portal/i18n';
import { createDataTableColumnHelper } from '@portal/ui-kit';
import type { LocalRecording } from '../../api/local-recordings/get-my-recordings';
import { formatFileSize } from '../../utils/file-size';

const column = createDataTableColumnHelper<LocalRecording>();

function SizeCell({ bytes }: { bytes: number | null }) {
  const { i18n } = useLingui();
  return <>{bytes === null ? '—' : formatFileSize(bytes, i18n.locale)}</>;
}

/** Spec 'Local recordings': Topic, Meeting ID, Date & Time, Computer Name (and its size); the tenant for the super administrator. */
export function useLocalRecordingColumns(withTenant: boolean) {
  const format = useDateFormat();
  return useMemo(
    () =>
      column.columns([
        column.accessor('topic', { header: () => <Trans>Topic</Trans>, enableSorting: false }),
        column.accessor('meetingId', { header: () => <Trans>Meeting ID</Trans>, enableSorting: false, cell: ({ getValue }) => <span dir="ltr">{getValue() || '—'}</span> }),
        ...(withTenant ? [column.accessor('tenantName', { header: () => <Trans>Tenant Name</Trans>, enableSorting: false })] : []),
        column.accessor('recordedAt', { header: () => <Trans>Date & Time</Trans>, enableSorting: false, cell: ({ getValue }) => format.dateTime(getValue()) }),
        column.accessor('computerName', { header: () => <Trans>Computer Name</Trans>, enableSorting: false }),
        column.accessor('fileSize', { header: () => <Trans>File Size</Trans>, enableSorting: false, cell: ({ getValue }) => <SizeCell bytes={getValue()} /> }),
      ]),
    [format, withTenant],
  );
}
