import { Group, Stack, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { hasProblemCode } from '@portal/api-client';
import { problemText } from '@portal/auth';
import { validationMessages } from '@portal/i18n';
import { DataTable, useServerTable, useStepBackFromEmptyPage } from '@portal/ui-kit';
import { usePastMeetings } from '../../api/meetings/user-completed-meetings';
import { occurrenceRowId, usePastColumns } from '../meeting-list';
import { isoDate, localDay } from '../../utils/calendar-day';

const DAY = 86_400_000;

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
  const { t, i18n } = useLingui();
  const [from, setFrom] = useState<string | null>(() => localDay(new Date(today.getTime() - 30 * DAY)));
  const [to, setTo] = useState<string | null>(() => localDay(today));
  const table = useServerTable();
  const rangeError = from && to && to < from ? i18n._(validationMessages.endBeforeStart) : null;
  const params = useMemo(
    () => ({ q: table.params.q, cursor: table.params.cursor, limit: table.params.limit, ...(from ? { from } : {}), ...(to ? { to } : {}) }),
    [table.params, from, to],
  );
  const past = usePastMeetings(params, !rangeError);
  const columns = usePastColumns();

  useStepBackFromEmptyPage(past, table);

  const changeRange = (set: (value: string | null) => void) => (value: string | null) => {
    set(value);
    // A cursor belongs to the period that produced it: a new period starts on its first page.
    if (table.pageIndex > 0) table.reset();
  };

  const serverRangeError = past.isError && hasProblemCode(past.error, ['validation_failed']) ? i18n._(validationMessages.endBeforeStart) : null;

  return (
    <Stack gap="md">
      <Title order={2}>
        <Trans>Past meetings</Trans>
      </Title>
      <Group gap="md" align="flex-start" wrap="wrap">
        <DateInput label={t`Start Date`} value={from} onChange={changeRange(setFrom)} valueFormat="YYYY-MM-DD" dateParser={isoDate} clearable={false} dir="ltr" w={180} />
        <DateInput
          label={t`End Date`}
          value={to}
          onChange={changeRange(setTo)}
          valueFormat="YYYY-MM-DD"
          dateParser={isoDate}
          clearable={false}
          error={rangeError ?? serverRangeError}
          dir="ltr"
          w={180}
        />
      </Group>
      <DataTable
        {...table.bind(past.data?.nextCursor)}
        label={t`Past meetings`}
        columns={columns}
        data={rangeError ? [] : past.data?.items}
        getRowId={occurrenceRowId}
        loading={!rangeError && past.isPending}
        error={past.isError && !serverRangeError ? problemText(past.error, i18n) : undefined}
        onRetry={() => void past.refetch()}
        emptyText={table.q ? t`No results..` : t`There are no past meetings for this period!`}
      />
    </Stack>
  );
}
