import { Badge, Button, Group, Stack, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconBroadcast, IconRefresh, IconUsers } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { hasProblemCode } from '@portal/api-client';
import { problemText } from '@portal/auth';
import { validationMessages } from '@portal/i18n';
import { DataTable, RowAction, useServerTable, useStepBackFromEmptyPage } from '@portal/ui-kit';
import { useCurrentMeetingParticipants } from '../../api/live/current-meeting-participants';
import { useCurrentMeetings, type LiveMeeting } from '../../api/live/current-meetings';
import { useLiveMeetingEvents } from '../../api/live/stream-live-meetings';
import { useLiveMeetingColumns, useLiveParticipantColumns } from './live-meeting-columns';

const isoDate = (input: string) => (/^\d{4}-\d{2}-\d{2}$/.test(input.trim()) && !Number.isNaN(Date.parse(input.trim())) ? input.trim() : null);

export type LiveMeetingsScreenProps = {
  /** The event stream's address (stories point it at their fake); the API's by default. */
  eventsUrl?: string;
};

/**
 * Live meetings (spec): the meetings running now, searched and filtered by start day, and the
 * people in the chosen one. The screen follows the platform by itself: the server pushes which
 * meetings changed and only those queries refetch, keeping the rows, page and chosen meeting;
 * without the push (a proxy that drops it, an old browser) it polls every few seconds.
 */
export function LiveMeetingsScreen({ eventsUrl }: LiveMeetingsScreenProps) {
  const { t, i18n } = useLingui();
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const [chosen, setChosen] = useState<LiveMeeting | null>(null);
  const table = useServerTable();
  const live = useLiveMeetingEvents(eventsUrl);
  const rangeError = from && to && to < from ? i18n._(validationMessages.endBeforeStart) : null;
  const params = useMemo(
    () => ({ q: table.params.q, cursor: table.params.cursor, limit: table.params.limit, ...(from ? { from } : {}), ...(to ? { to } : {}) }),
    [table.params, from, to],
  );
  const meetings = useCurrentMeetings(params, { enabled: !rangeError, pollMs: live.pollMs });
  const participants = useCurrentMeetingParticipants(chosen?.id ?? null, { pollMs: live.pollMs });
  const columns = useLiveMeetingColumns();
  const participantColumns = useLiveParticipantColumns();
  const heading = useRef<HTMLHeadingElement>(null);
  const [focusParticipants, setFocusParticipants] = useState(false);

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
  // The chosen meeting as the latest list has it (its participant count moves); once it ended it keeps its last row.
  const shown = (chosen && meetings.data?.items.find((meeting) => meeting.id === chosen.id)) ?? chosen;

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>
          <Trans>Live meetings</Trans>
        </Title>
        <Badge
          role="status"
          variant="light"
          color={live.connected ? 'green' : 'gray'}
          leftSection={live.connected ? <IconBroadcast size={12} aria-hidden="true" /> : <IconRefresh size={12} aria-hidden="true" />}
        >
          {live.connected ? <Trans>Updating live</Trans> : <Trans>Refreshing every 5 seconds</Trans>}
        </Badge>
      </Group>
      <Group gap="md" align="flex-start" wrap="wrap">
        <DateInput label={t`Start Date`} value={from} onChange={changeRange(setFrom)} valueFormat="YYYY-MM-DD" dateParser={isoDate} clearable dir="ltr" w={180} />
        <DateInput label={t`End Date`} value={to} onChange={changeRange(setTo)} valueFormat="YYYY-MM-DD" dateParser={isoDate} clearable error={rangeError ?? serverRangeError} dir="ltr" w={180} />
      </Group>
      <DataTable
        {...table.bind(meetings.data?.nextCursor)}
        label={t`Live meetings`}
        columns={columns}
        data={rangeError ? [] : meetings.data?.items}
        getRowId={(meeting) => meeting.id}
        loading={!rangeError && meetings.isPending}
        error={meetings.isError && !serverRangeError ? problemText(meetings.error, i18n) : undefined}
        onRetry={() => void meetings.refetch()}
        emptyText={table.q ? t`No results..` : t`There are no live meetings!`}
        minWidth={900}
        rowActions={(meeting) => (
          <RowAction
            label={t`Participants of ${meeting.meetingId}`}
            icon={<IconUsers size={16} aria-hidden="true" />}
            color={chosen?.id === meeting.id ? 'blue' : 'gray'}
            onClick={() => {
              setChosen(meeting);
              setFocusParticipants(true);
            }}
          />
        )}
      />
      {shown ? (
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap">
            <Title order={3} ref={heading} tabIndex={-1}>
              <Trans>Participants of meeting {shown.meetingId}</Trans>
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
            error={participants.isError && !hasProblemCode(participants.error, ['not_found']) ? problemText(participants.error, i18n) : undefined}
            onRetry={() => void participants.refetch()}
            emptyText={t`There are no participants!`}
            minWidth={1200}
          />
        </Stack>
      ) : null}
    </Stack>
  );
}
