import { Stack, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { DataTable, useStepBackFromEmptyPage } from '@portal/ui-kit';
import { useLocalRecordings } from '../../api/local-recordings/get-local-recordings';
import { DateRangeFilter } from '../date-range-filter';
import { CompanyFilter, useRecordingListQuery } from '../recording-list';
import { useLocalRecordingColumns } from './local-recording-columns';

export type LocalRecordingsScreenProps = {
  /** Today, for the default period (the last 30 days). */
  today?: Date;
};

/** `local-recordings` (super administrator): every tenant's uploaded recordings with their tenant, narrowed by company. */
export function LocalRecordingsScreen({ today = new Date() }: LocalRecordingsScreenProps) {
  const { t } = useLingui();
  const { table, range, params, company, setCompany } = useRecordingListQuery({ today, byCompany: true });
  const recordings = useLocalRecordings(params, !range.error);
  const columns = useLocalRecordingColumns(true);
  useStepBackFromEmptyPage(recordings, table);

  return (
    <Stack gap="md">
      <Title order={2}>
        <Trans>Local recordings</Trans>
      </Title>
      <DateRangeFilter range={range} error={range.error ?? range.refusedBy(recordings)} />
      <CompanyFilter value={company} onChange={setCompany} />
      <DataTable
        {...table.bind(recordings.data?.nextCursor)}
        label={t`Local recordings`}
        columns={columns}
        {...range.tableOf(recordings)}
        getRowId={(recording) => recording.id}
        emptyText={table.q ? t`No results..` : t`There are no recordings for this period!`}
        minWidth={900}
      />
    </Stack>
  );
}
