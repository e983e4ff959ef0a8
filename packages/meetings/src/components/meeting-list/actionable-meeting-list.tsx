import { Button, Stack, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconCalendarPlus } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { problemText } from '@portal/forms';
import { DataTable, useStepBackFromEmptyPage, type UseServerTableResult } from '@portal/ui-kit';
import type { Schema } from '@portal/api-client';
import { SCHEDULE_MEETING_PATH } from '../../routes/meeting-paths';
import { occurrenceRowId, useUpcomingColumns } from './meeting-columns';
import { useMeetingRowActions } from './meeting-row-actions';

export type ActionableMeetingListProps = {
  title: string;
  table: UseServerTableResult;
  meetings: UseQueryResult<Schema<'MeetingOccurrencePage'>>;
  /** The spec's empty text of this list (a search without match says 'No results..'). */
  emptyText: string;
};

/**
 * The lists whose meetings can still be joined (Upcoming, Open): Meeting ID, Topic, Time; Start,
 * Copy, Edit, Invite, Delete; Schedule a meeting. Each screen brings its own query.
 */
export function ActionableMeetingList({ title, table, meetings, emptyText }: ActionableMeetingListProps) {
  const { t, i18n } = useLingui();
  const columns = useUpcomingColumns();
  const actions = useMeetingRowActions();

  useStepBackFromEmptyPage(meetings, table);

  return (
    <Stack gap="md">
      <Title order={2}>{title}</Title>
      <DataTable
        {...table.bind(meetings.data?.nextCursor)}
        label={title}
        columns={columns}
        data={meetings.data?.items}
        getRowId={occurrenceRowId}
        loading={meetings.isPending}
        error={meetings.isError ? problemText(meetings.error, i18n) : undefined}
        onRetry={() => void meetings.refetch()}
        emptyText={table.q ? t`No results..` : emptyText}
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
