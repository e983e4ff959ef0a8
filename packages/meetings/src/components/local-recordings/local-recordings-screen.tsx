import { Group, Stack, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useState } from 'react';
import { DataTable, useServerTable, useStepBackFromEmptyPage } from '@portal/ui-kit';
import { useLocalRecordings } from '../../api/local-recordings/get-local-recordings';
import { DateRangeFilter, useDateRange } from '../date-range-filter';
import { useLocalRecordingColumns } from './local-recording-columns';

export type LocalRecordingsScreenProps = {
  /** Today, for the default period (the last 30 days). */
  today?: Date;
};

/** `local-recordings` (super administrator): every tenant's uploaded recordings with their tenant, narrowed by company. */
export function LocalRecordingsScreen({ today = new Date() }: LocalRecordingsScreenProps) {
  const { t } = useLingui();
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
    () => ({ q: table.params.q, cursor: table.params.cursor, limit: table.params.limit, ...range.query, ...(settledCompany ? { company: settledCompany } : {}) }),
    [table.params, range.query, settledCompany],
  );
  const recordings = useLocalRecordings(params, !range.error);
  const columns = useLocalRecordingColumns(true);
  useStepBackFromEmptyPage(recordings, table);

  return (
    <Stack gap="md">
      <Title order={2}>
        <Trans>Local recordings</Trans>
      </Title>
      <DateRangeFilter range={range} error={range.error ?? range.refusedBy(recordings)} />
      <Group>
        <TextInput label={t`Company`} value={company} onChange={(event) => setCompany(event.currentTarget.value)} maxLength={100} w={200} />
      </Group>
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
