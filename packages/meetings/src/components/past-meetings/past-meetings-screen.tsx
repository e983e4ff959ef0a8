import { Stack, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { DataTable, useServerTable, useStepBackFromEmptyPage } from '@portal/ui-kit';
import { usePastMeetings } from '../../api/meetings/user-completed-meetings';
import { occurrenceRowId, usePastColumns } from '../meeting-list';
import { DateRangeFilter, useDateRange } from '../date-range-filter';

export type PastMeetingsScreenProps = {
  /** Today, for the default period (the last 30 days). */
  today?: Date;
};

/**
 * Past meetings (spec): the member's ended occurrences in a period (the last 30 days unless
 * chosen), newest first; Meeting ID, Topic, Start Time, End Time. An end before the start is
 * refused with 'Cannot Choose a Pre-Date for End Date'.
 */
export function PastMeetingsScreen({ today = new Date() }: PastMeetingsScreenProps) {
  const { t } = useLingui();
  const table = useServerTable();
  // A cursor belongs to the period that produced it: a new period starts on its first page.
  const range = useDateRange({ days: 30, today, onChange: () => table.pageIndex > 0 && table.reset() });
  const rangeError = range.error;
  const params = useMemo(() => ({ q: table.params.q, cursor: table.params.cursor, limit: table.params.limit, ...range.query }), [table.params, range.query]);
  const past = usePastMeetings(params, !rangeError);
  const columns = usePastColumns();

  useStepBackFromEmptyPage(past, table);

  const serverRangeError = range.refusedBy(past);

  return (
    <Stack gap="md">
      <Title order={2}>
        <Trans>Past meetings</Trans>
      </Title>
      <DateRangeFilter range={range} error={rangeError ?? serverRangeError} />
      <DataTable
        {...table.bind(past.data?.nextCursor)}
        label={t`Past meetings`}
        columns={columns}
        {...range.tableOf(past)}
        getRowId={occurrenceRowId}
        emptyText={table.q ? t`No results..` : t`There are no past meetings for this period!`}
      />
    </Stack>
  );
}
