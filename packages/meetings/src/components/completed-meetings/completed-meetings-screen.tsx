import { Button, Group, Stack, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconDownload, IconMessageStar, IconPlus, IconUsers } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { hasProblemCode } from '@portal/api-client';
import { isInRoleGroup, problemText, useCan, useCurrentUser } from '@portal/auth';
import { validationMessages } from '@portal/i18n';
import { DataTable, RowAction, useServerTable, useStepBackFromEmptyPage } from '@portal/ui-kit';
import { useCompletedMeetingParticipants } from '../../api/live/completed-meeting-participants';
import { useCompletedMeetings, type CompletedMeeting } from '../../api/live/completed-meetings';
import { useExportCompletedMeetings } from '../../api/live/export-completed-meetings';
import { feedbackPath, SCHEDULE_MEETING_PATH } from '../../routes/meeting-paths';
import { useCompletedMeetingColumns, useCompletedParticipantColumns } from './completed-meeting-columns';

const DAY = 86_400_000;
/** YYYY-MM-DD of the viewer's own calendar. */
const localDay = (at: Date) => new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
const isoDate = (input: string) => (/^\d{4}-\d{2}-\d{2}$/.test(input.trim()) && !Number.isNaN(Date.parse(input.trim())) ? input.trim() : null);

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
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const currentUser = useCurrentUser();
  // The Feedback screen is the platform super administrator's (access.md): others get no dead link.
  const canOpenFeedback = useCan('room.feedback.get') && isInRoleGroup(currentUser.data?.role ?? '', 'superadmin');
  const [from, setFrom] = useState<string | null>(() => localDay(new Date(today.getTime() - 30 * DAY)));
  const [to, setTo] = useState<string | null>(() => localDay(today));
  const [chosen, setChosen] = useState<CompletedMeeting | null>(null);
  const [focusParticipants, setFocusParticipants] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const table = useServerTable();
  const rangeError = from && to && to < from ? i18n._(validationMessages.endBeforeStart) : null;
  const range = useMemo(() => ({ ...(from ? { from } : {}), ...(to ? { to } : {}) }), [from, to]);
  const params = useMemo(() => ({ q: table.params.q, cursor: table.params.cursor, limit: table.params.limit, ...range }), [table.params, range]);
  const meetings = useCompletedMeetings(params, !rangeError);
  const participants = useCompletedMeetingParticipants(chosen?.id ?? null);
  const exportCsv = useExportCompletedMeetings();
  const columns = useCompletedMeetingColumns();
  const participantColumns = useCompletedParticipantColumns();

  useStepBackFromEmptyPage(meetings, table);

  useEffect(() => {
    if (!focusParticipants || !chosen) return;
    heading.current?.focus();
    setFocusParticipants(false);
  }, [focusParticipants, chosen]);

  const changeRange = (set: (value: string | null) => void) => (value: string | null) => {
    set(value);
    if (table.pageIndex > 0) table.reset();
  };
  const serverRangeError = meetings.isError && hasProblemCode(meetings.error, ['validation_failed']) ? i18n._(validationMessages.endBeforeStart) : null;

  return (
    <Stack gap="md">
      <Title order={2}>
        <Trans>Completed meetings</Trans>
      </Title>
      <Group gap="md" align="flex-start" wrap="wrap">
        <DateInput label={t`Start Date`} value={from} onChange={changeRange(setFrom)} valueFormat="YYYY-MM-DD" dateParser={isoDate} clearable={false} dir="ltr" w={180} />
        <DateInput label={t`End Date`} value={to} onChange={changeRange(setTo)} valueFormat="YYYY-MM-DD" dateParser={isoDate} clearable={false} error={rangeError ?? serverRangeError} dir="ltr" w={180} />
      </Group>
      <DataTable
        {...table.bind(meetings.data?.nextCursor)}
        label={t`Completed meetings`}
        columns={columns}
        data={rangeError ? [] : meetings.data?.items}
        getRowId={(meeting) => meeting.id}
        loading={!rangeError && meetings.isPending}
        error={meetings.isError && !serverRangeError ? problemText(meetings.error, i18n) : undefined}
        onRetry={() => void meetings.refetch()}
        emptyText={table.q ? t`No results..` : t`There are no completed meetings for this period!`}
        minWidth={1300}
        toolbar={
          <>
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden="true" />}
              loading={exportCsv.isPending}
              disabled={Boolean(rangeError)}
              onClick={() => exportCsv.mutate({ ...range, ...(table.q ? { q: table.q } : {}) })}
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
            <RowAction
              label={t`Participants of ${meeting.meetingId}`}
              icon={<IconUsers size={16} aria-hidden="true" />}
              color={chosen?.id === meeting.id ? 'blue' : 'gray'}
              onClick={() => {
                setChosen(meeting);
                setFocusParticipants(true);
              }}
            />
            {canOpenFeedback ? (
              <RowAction label={t`Feedback on ${meeting.meetingId}`} icon={<IconMessageStar size={16} aria-hidden="true" />} onClick={() => void navigate(feedbackPath(meeting.meetingId))} />
            ) : null}
          </>
        )}
      />
      {chosen ? (
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap">
            <Title order={3} ref={heading} tabIndex={-1}>
              <Trans>Participants of meeting {chosen.meetingId}</Trans>
            </Title>
            <Button variant="default" size="xs" onClick={() => setChosen(null)}>
              <Trans>Close</Trans>
            </Button>
          </Group>
          <DataTable
            label={t`Participants`}
            columns={participantColumns}
            data={participants.data?.items}
            getRowId={(participant) => participant.id}
            loading={participants.isPending}
            error={participants.isError ? problemText(participants.error, i18n) : undefined}
            onRetry={() => void participants.refetch()}
            emptyText={t`There are no participants!`}
            minWidth={1100}
          />
        </Stack>
      ) : null}
    </Stack>
  );
}
