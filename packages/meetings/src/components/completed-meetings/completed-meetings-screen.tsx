import { Button, Stack, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconDownload, IconMessageStar, IconPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { isInRoleGroup, useCan, useCurrentUser } from '@portal/auth';
import { DataTable, RowAction, useServerTable, useStepBackFromEmptyPage } from '@portal/ui-kit';
import { useCompletedMeetingParticipants } from '../../api/live/completed-meeting-participants';
import { useCompletedMeetings, type CompletedMeeting } from '../../api/live/completed-meetings';
import { useExportCompletedMeetings } from '../../api/live/export-completed-meetings';
import { feedbackPath, SCHEDULE_MEETING_PATH } from '../../routes/meeting-paths';
import { DateRangeFilter, useDateRange } from '../date-range-filter';
import { ParticipantsPanel, ParticipantsRowAction, useChosenMeeting } from '../participants-panel';
import { useCompletedMeetingColumns, useCompletedParticipantColumns } from './completed-meeting-columns';
import { HostFilters, useHostFilters } from './host-filters';

export type CompletedMeetingsScreenProps = {
  /** Today, for the default period (the last 30 days). */
  today?: Date;
};

/**
 * Completed meetings (spec): the meetings that ended in a period (the last 30 days unless
 * chosen), searched and exported; the chosen meeting's participants with the summary of their
 * call quality; Create schedules a meeting and Feedback opens what participants said about one.
 */
export function CompletedMeetingsScreen({ today = new Date() }: CompletedMeetingsScreenProps) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const currentUser = useCurrentUser();
  // The Feedback screen is the platform super administrator's (access.md): others get no dead link.
  const canOpenFeedback = useCan('room.feedback.get') && isInRoleGroup(currentUser.data, 'superadmin');
  const selection = useChosenMeeting<CompletedMeeting>();
  const { chosen } = selection;
  const table = useServerTable();
  const range = useDateRange({ days: 30, today, onChange: () => table.pageIndex > 0 && table.reset() });
  const rangeError = range.error;
  const hosts = useHostFilters(() => table.pageIndex > 0 && table.reset());
  const params = useMemo(
    () => ({ q: table.params.q, cursor: table.params.cursor, limit: table.params.limit, ...range.query, ...hosts.query }),
    [table.params, range.query, hosts.query],
  );
  const meetings = useCompletedMeetings(params, !rangeError);
  const participants = useCompletedMeetingParticipants(chosen?.id ?? null);
  const exportCsv = useExportCompletedMeetings();
  const columns = useCompletedMeetingColumns();
  const participantColumns = useCompletedParticipantColumns();

  useStepBackFromEmptyPage(meetings, table);

  const serverRangeError = range.refusedBy(meetings);

  return (
    <Stack gap="md">
      <Title order={2}>
        <Trans>Completed meetings</Trans>
      </Title>
      <DateRangeFilter range={range} error={rangeError ?? serverRangeError} />
      <HostFilters filters={hosts} withCompany={isInRoleGroup(currentUser.data, 'superadmin')} />
      <DataTable
        {...table.bind(meetings.data?.nextCursor)}
        label={t`Completed meetings`}
        columns={columns}
        {...range.tableOf(meetings)}
        getRowId={(meeting) => meeting.id}
        emptyText={table.q ? t`No results..` : t`There are no completed meetings for this period!`}
        minWidth={1300}
        toolbar={
          <>
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden="true" />}
              loading={exportCsv.isPending}
              disabled={Boolean(rangeError)}
              onClick={() => exportCsv.mutate({ ...range.query, ...hosts.query, ...(table.q ? { q: table.q } : {}) })}
            >
              <Trans>Export</Trans>
            </Button>
            <Button component={Link} to={SCHEDULE_MEETING_PATH} leftSection={<IconPlus size={16} aria-hidden="true" />}>
              <Trans>Create</Trans>
            </Button>
          </>
        }
        rowActions={(meeting) => (
          <>
            <ParticipantsRowAction meeting={meeting} selection={selection} />
            {canOpenFeedback ? (
              <RowAction label={t`Feedback on ${meeting.meetingId}`} icon={<IconMessageStar size={16} aria-hidden="true" />} onClick={() => void navigate(feedbackPath(meeting.meetingId))} />
            ) : null}
          </>
        )}
      />
      {chosen ? (
        <ParticipantsPanel meeting={chosen} selection={selection} participants={participants} columns={participantColumns} minWidth={1100} />
      ) : null}
    </Stack>
  );
}
