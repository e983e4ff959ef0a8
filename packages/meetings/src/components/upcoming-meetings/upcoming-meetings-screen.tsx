import { Button, Stack, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconCalendarPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { problemText } from '@portal/auth';
import { DataTable, useServerTable, useStepBackFromEmptyPage } from '@portal/ui-kit';
import { useMeetingSchedules } from '../../api/meetings/get-meeting-schedules';
import { occurrenceRowId, useMeetingRowActions, useUpcomingColumns } from '../meeting-list';
import { SCHEDULE_MEETING_PATH } from '../../routes/meeting-paths';

/** How far ahead the list reaches (the API allows at most 366 days). */
const UPCOMING_WINDOW_DAYS = 365;

/**
 * Upcoming meetings (spec): the member's scheduled occurrences, expanded on the server, in start
 * order; Meeting ID, Topic, Time; Start, Copy, Edit, Invite, Delete; Schedule a meeting.
 */
export function UpcomingMeetingsScreen() {
  const { t, i18n } = useLingui();
  const table = useServerTable();
  // The server's default window is 90 days: a meeting scheduled further ahead would be missing
  // from the list the form lands on. Ask for the widest window it allows (366 days), once.
  const [to] = useState(() => new Date(Date.now() + UPCOMING_WINDOW_DAYS * 86_400_000).toISOString());
  const params = useMemo(() => ({ q: table.params.q, cursor: table.params.cursor, limit: table.params.limit, to }), [table.params, to]);
  const schedules = useMeetingSchedules(params);
  const columns = useUpcomingColumns();
  const actions = useMeetingRowActions();

  useStepBackFromEmptyPage(schedules, table);

  return (
    <Stack gap="md">
      <Title order={2}>
        <Trans>Upcoming meetings</Trans>
      </Title>
      <DataTable
        {...table.bind(schedules.data?.nextCursor)}
        label={t`Upcoming meetings`}
        columns={columns}
        data={schedules.data?.items}
        getRowId={occurrenceRowId}
        loading={schedules.isPending}
        error={schedules.isError ? problemText(schedules.error, i18n) : undefined}
        onRetry={() => void schedules.refetch()}
        emptyText={table.q ? t`No results..` : t`There are no upcoming meetings!`}
        toolbar={
          <Button component={Link} to={SCHEDULE_MEETING_PATH} leftSection={<IconCalendarPlus size={16} aria-hidden="true" />}>
            <Trans>Schedule a meeting</Trans>
          </Button>
        }
        rowActions={actions.rowActions}
      />
      {actions.dialogs}
    </Stack>
  );
}
