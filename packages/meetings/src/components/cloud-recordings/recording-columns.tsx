import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconAlertTriangle, IconLoader2 } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useDateFormat } from '@portal/i18n';
import { createDataTableColumnHelper } from '@portal/ui-kit';
import type { Recording } from '../../api/recordings/get-recordings';
import { formatFileSize } from '../../utils/file-size';

const column = createDataTableColumnHelper<Recording>();

/** File Size in the reader's language; while processing or failed, what happened instead. */
export function RecordingSizeCell({ recording }: { recording: Recording }) {
  const { t, i18n } = useLingui();
  if (recording.status === 'processing') {
    return (
      <Badge color="blue" variant="light" leftSection={<IconLoader2 size={12} aria-hidden="true" />}>
        <Trans>Processing</Trans>
      </Badge>
    );
  }
  if (recording.status === 'failed') {
    return (
      <Tooltip label={recording.failure ?? t`The recording could not be processed.`} multiline w={280}>
        <Badge color="red" variant="light" tabIndex={0} leftSection={<IconAlertTriangle size={12} aria-hidden="true" />}>
          <Trans>Failed</Trans>
        </Badge>
      </Tooltip>
    );
  }
  if (recording.fileSize === null) return <Text c="dimmed">—</Text>;
  return (
    <Group gap={6} wrap="nowrap">
      <span>{formatFileSize(recording.fileSize, i18n.locale)}</span>
      {!recording.video && recording.audio ? (
        <Badge color="gray" variant="light" size="sm">
          <Trans>Audio only</Trans>
        </Badge>
      ) : null}
    </Group>
  );
}

/** The spec's Topic, Meeting ID, Start Time, End Time, File Size; the tenant for the super administrator. */
export function useRecordingColumns(withTenant: boolean) {
  const format = useDateFormat();
  return useMemo(
    () =>
      column.columns([
        column.accessor('topic', { header: () => <Trans>Topic</Trans>, enableSorting: false }),
        column.accessor('meetingId', { header: () => <Trans>Meeting ID</Trans>, enableSorting: false, cell: ({ getValue }) => <span dir="ltr">{getValue()}</span> }),
        ...(withTenant ? [column.accessor('tenantName', { header: () => <Trans>Tenant Name</Trans>, enableSorting: false })] : []),
        column.accessor('startTime', { header: () => <Trans>Start Time</Trans>, enableSorting: false, cell: ({ getValue }) => format.dateTime(getValue()) }),
        column.accessor('endTime', { header: () => <Trans>End Time</Trans>, enableSorting: false, cell: ({ getValue }) => {
          const ended = getValue();
          return ended ? format.dateTime(ended) : '—';
        },
      }),
        column.accessor('fileSize', { header: () => <Trans>File Size</Trans>, enableSorting: false, cell: ({ row }) => <RecordingSizeCell recording={row.original} /> }),
      ]),
    [format, withTenant],
  );
}
