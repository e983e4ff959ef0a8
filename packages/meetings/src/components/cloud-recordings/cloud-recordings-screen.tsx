import { Group, Stack, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useState } from 'react';
import { isInRoleGroup, useCurrentUser } from '@portal/auth';
import { DataTable, useServerTable, useStepBackFromEmptyPage } from '@portal/ui-kit';
import { useRecordings } from '../../api/recordings/get-recordings';
import { DateRangeFilter, useDateRange } from '../date-range-filter';
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
  const superadmin = isInRoleGroup(currentUser.data?.role ?? '', 'superadmin');
  const table = useServerTable();
  const range = useDateRange({ days: 30, today, onChange: () => table.pageIndex > 0 && table.reset() });
  const [company, setCompany] = useState('');
  const [settledCompany] = useDebouncedValue(company.trim(), 300);
  useEffect(() => {
    if (table.pageIndex > 0) table.reset();
    // Only a change of the company asked for starts the list again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settledCompany]);
  const params = useMemo(
    () => ({ q: table.params.q, cursor: table.params.cursor, limit: table.params.limit, ...range.query, ...(superadmin && settledCompany ? { company: settledCompany } : {}) }),
    [table.params, range.query, superadmin, settledCompany],
  );
  const recordings = useRecordings(params, !range.error);
  const columns = useRecordingColumns(superadmin);

  useStepBackFromEmptyPage(recordings, table);

  return (
    <Stack gap="md">
      <Title order={2}>
        <Trans>Cloud recordings</Trans>
      </Title>
      <DateRangeFilter range={range} error={range.error ?? range.refusedBy(recordings)} />
      {superadmin ? (
        <Group>
          <TextInput label={t`Company`} value={company} onChange={(event) => setCompany(event.currentTarget.value)} maxLength={100} w={200} />
        </Group>
      ) : null}
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
