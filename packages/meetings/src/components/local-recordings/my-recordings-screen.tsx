import { Button, Stack, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconUpload } from '@tabler/icons-react';
import { DataTable, useDialogState, useStepBackFromEmptyPage } from '@portal/ui-kit';
import { useMyRecordings } from '../../api/local-recordings/get-my-recordings';
import { DateRangeFilter } from '../date-range-filter';
import { useRecordingListQuery } from '../recording-list';
import { UploadRecordingDialog } from '../upload-recording';
import { useLocalRecordingColumns } from './local-recording-columns';

export type MyRecordingsScreenProps = {
  /** Today, for the default period (the last 30 days). */
  today?: Date;
};

/**
 * The member's recordings (spec 'Local recordings': Topic, Meeting ID, Date & Time, Computer
 * Name): recordings made on their computer and uploaded here, by the date they were recorded,
 * with an Upload button (resumable, with progress).
 */
export function MyRecordingsScreen({ today = new Date() }: MyRecordingsScreenProps) {
  const { t } = useLingui();
  const { table, range, params } = useRecordingListQuery({ today, byCompany: false });
  const upload = useDialogState();
  const recordings = useMyRecordings(params, !range.error);
  const columns = useLocalRecordingColumns(false);
  useStepBackFromEmptyPage(recordings, table);

  return (
    <Stack gap="md">
      <Title order={2}>
        <Trans>Recordings</Trans>
      </Title>
      <DateRangeFilter range={range} error={range.error ?? range.refusedBy(recordings)} />
      <DataTable
        {...table.bind(recordings.data?.nextCursor)}
        label={t`Recordings`}
        columns={columns}
        {...range.tableOf(recordings)}
        getRowId={(recording) => recording.id}
        emptyText={table.q ? t`No results..` : t`There are no recordings for this period!`}
        minWidth={760}
        toolbar={
          <Button leftSection={<IconUpload size={16} aria-hidden="true" />} onClick={upload.open}>
            <Trans>Upload</Trans>
          </Button>
        }
      />
      <UploadRecordingDialog opened={upload.opened} onClose={upload.close} />
    </Stack>
  );
}
