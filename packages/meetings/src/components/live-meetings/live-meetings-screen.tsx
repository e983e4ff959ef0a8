import { Badge, Group, Stack, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconBroadcast, IconRefresh } from '@tabler/icons-react';
import { useMemo } from 'react';
import { DataTable, useServerTable, useStepBackFromEmptyPage } from '@portal/ui-kit';
import { useCurrentMeetingParticipants } from '../../api/live/current-meeting-participants';
import { useCurrentMeetings, type LiveMeeting } from '../../api/live/current-meetings';
import { useLiveMeetingEvents } from '../../api/live/stream-live-meetings';
import { DateRangeFilter, useDateRange } from '../date-range-filter';
import { ParticipantsPanel, ParticipantsRowAction, useChosenMeeting } from '../participants-panel';
import { EndLiveMeetingAction } from './end-live-meeting-action';
import { LockLiveMeetingAction } from './lock-live-meeting-action';
import { useLiveMeetingColumns, useLiveParticipantColumns } from './live-meeting-columns';
import { MuteParticipantActions } from './mute-participant-actions';
import { RemoveParticipantAction } from './remove-participant-action';

export type LiveMeetingsScreenProps = {
  /** The event stream's address (stories point it at their fake); the API's by default. */
  eventsUrl?: string;
};

/**
 * Live meetings (spec): the meetings running now, searched and filtered by start day, and the
 * people in the chosen one; an administrator may lock one, end it for everyone, and mute or put
 * out someone in it. The screen follows the platform by itself: the server pushes which meetings
 * changed and only those queries refetch, keeping the rows, page and chosen meeting; without the
 * push (a proxy that drops it, an old browser) it polls every few seconds.
 */
export function LiveMeetingsScreen({ eventsUrl }: LiveMeetingsScreenProps) {
  const { t } = useLingui();
  const selection = useChosenMeeting<LiveMeeting>();
  const { chosen } = selection;
  const table = useServerTable();
  const live = useLiveMeetingEvents(eventsUrl);
  const range = useDateRange({ onChange: () => table.pageIndex > 0 && table.reset() });
  const rangeError = range.error;
  const params = useMemo(() => ({ q: table.params.q, cursor: table.params.cursor, limit: table.params.limit, ...range.query }), [table.params, range.query]);
  const meetings = useCurrentMeetings(params, { enabled: !rangeError, pollMs: live.pollMs });
  const participants = useCurrentMeetingParticipants(chosen?.id ?? null, { pollMs: live.pollMs });
  const columns = useLiveMeetingColumns();
  const participantColumns = useLiveParticipantColumns();

  useStepBackFromEmptyPage(meetings, table);

  const serverRangeError = range.refusedBy(meetings);
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
      <DateRangeFilter range={range} error={rangeError ?? serverRangeError} clearable />
      <DataTable
        {...table.bind(meetings.data?.nextCursor)}
        label={t`Live meetings`}
        columns={columns}
        {...range.tableOf(meetings)}
        getRowId={(meeting) => meeting.id}
        emptyText={table.q ? t`No results..` : t`There are no live meetings!`}
        minWidth={900}
        rowActions={(meeting) => (
          <Group gap={4} wrap="nowrap">
            <ParticipantsRowAction meeting={meeting} selection={selection} />
            <LockLiveMeetingAction meeting={meeting} />
            <EndLiveMeetingAction meeting={meeting} />
          </Group>
        )}
      />
      {shown ? (
        <ParticipantsPanel
          meeting={shown}
          selection={selection}
          participants={participants}
          columns={participantColumns}
          minWidth={1200}
          quietWhenGone
          rowActions={(participant) => (
            <Group gap={4} wrap="nowrap">
              <MuteParticipantActions sessionId={shown.id} participant={participant} />
              <RemoveParticipantAction sessionId={shown.id} participant={participant} />
            </Group>
          )}
        />
      ) : null}
    </Stack>
  );
}
