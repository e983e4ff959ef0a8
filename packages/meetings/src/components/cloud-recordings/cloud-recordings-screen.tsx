import { Stack, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { isInRoleGroup, useCurrentUser } from '@portal/auth';
import { DataTable, useStepBackFromEmptyPage } from '@portal/ui-kit';
import { useRecordings } from '../../api/recordings/get-recordings';
import { DateRangeFilter } from '../date-range-filter';
import { CompanyFilter, useRecordingListQuery } from '../recording-list';
import { useRecordingColumns } from './recording-columns';
import { RecordingRowActions, RecordingToolbarActions } from './recording-row-actions';

export type CloudRecordingsScreenProps = {
  /** Today, for the default period (the last 30 days). */
  today?: Date;
};

/**
 * Cloud recordings (spec): the recordings the media server made of the tenant's meetings in a
 * period (the last 30 days unless chosen), searched by topic or meeting ID, with their size once
 * converted, and clearly marked while processing or when processing failed. The platform super
 * administrator sees every tenant's and narrows them by company.
 */
export function CloudRecordingsScreen({ today = new Date() }: CloudRecordingsScreenProps) {
  const { t } = useLingui();
  const currentUser = useCurrentUser();
  const superadmin = isInRoleGroup(currentUser.data, 'superadmin');
  const { table, range, params, company, setCompany } = useRecordingListQuery({ today, byCompany: superadmin });
  const recordings = useRecordings(params, !range.error);
  const columns = useRecordingColumns(superadmin);

  useStepBackFromEmptyPage(recordings, table);

  return (
    <Stack gap="md">
      <Title order={2}>
        <Trans>Cloud recordings</Trans>
      </Title>
      <DateRangeFilter range={range} error={range.error ?? range.refusedBy(recordings)} />
      {superadmin ? <CompanyFilter value={company} onChange={setCompany} /> : null}
      <DataTable
        {...table.bind(recordings.data?.nextCursor)}
        label={t`Cloud recordings`}
        columns={columns}
        {...range.tableOf(recordings)}
        getRowId={(recording) => recording.id}
        emptyText={table.q ? t`No results..` : t`There are no recordings for this period!`}
        minWidth={900}
        toolbar={<RecordingToolbarActions />}
        rowActions={(recording) => <RecordingRowActions recording={recording} />}
      />
    </Stack>
  );
}
