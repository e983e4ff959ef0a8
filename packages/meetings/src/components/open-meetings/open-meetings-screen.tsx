import { Button, Stack, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconCalendarPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { problemText } from '@portal/auth';
import { DataTable, useServerTable, useStepBackFromEmptyPage } from '@portal/ui-kit';
import { useOpenMeetings } from '../../api/meetings/get-meetings';
import { occurrenceRowId, useMeetingRowActions, useUpcomingColumns } from '../meeting-list';
import { SCHEDULE_MEETING_PATH } from '../../routes/meeting-paths';

/**
 * Open meetings (spec): meetings anyone with the link may join until they end, in the same
 * pattern as the upcoming list. Empty: 'There are no open meetings!'.
 */
export function OpenMeetingsScreen() {
  const { t, i18n } = useLingui();
  const table = useServerTable();
  const params = useMemo(() => ({ q: table.params.q, cursor: table.params.cursor, limit: table.params.limit }), [table.params]);
  const meetings = useOpenMeetings(params);
  const columns = useUpcomingColumns();
  const actions = useMeetingRowActions();

  useStepBackFromEmptyPage(meetings, table);

  return (
    <Stack gap="md">
      <Title order={2}>
        <Trans>Open meetings</Trans>
      </Title>
      <DataTable
        {...table.bind(meetings.data?.nextCursor)}
        label={t`Open meetings`}
        columns={columns}
        data={meetings.data?.items}
        getRowId={occurrenceRowId}
        loading={meetings.isPending}
        error={meetings.isError ? problemText(meetings.error, i18n) : undefined}
        onRetry={() => void meetings.refetch()}
        emptyText={table.q ? t`No results..` : t`There are no open meetings!`}
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
