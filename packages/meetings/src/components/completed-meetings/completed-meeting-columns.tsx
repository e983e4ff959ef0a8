import { Group, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconStarFilled } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useDateFormat } from '@portal/i18n';
import { createDataTableColumnHelper } from '@portal/ui-kit';
import type { CompletedMeeting } from '../../api/live/completed-meetings';
import type { CompletedParticipant } from '../../api/live/completed-meeting-participants';
import { formatSessionDuration } from '../../utils/session-duration';
import { joinWithVersion, Maybe, QualityFlag, sessionLeadColumns, sessionMediaColumns, sessionNodeColumn } from '../meeting-sessions';

const meeting = createDataTableColumnHelper<CompletedMeeting>();
const person = createDataTableColumnHelper<CompletedParticipant>();

/** The average rating, or a dash when nobody rated the meeting. */
function RatingCell({ rating, ratings }: { rating: number | null; ratings: number }) {
  const { t } = useLingui();
  if (rating === null) return <Maybe value={null} />;
  return (
    <Group gap={4} wrap="nowrap" aria-label={t`Rated ${rating} of 5 by ${ratings}`} role="img">
      <IconStarFilled size={14} color="var(--mantine-color-yellow-6)" aria-hidden="true" />
      <Text size="sm" aria-hidden="true">
        {rating}
      </Text>
    </Group>
  );
}

/**
 * Meeting ID (with its quality flag), Tenant Name, Participants, Start Time, End Time, Duration,
 * Node, Video, Screen Share, Phone Bridge, Recording, Email and Name (the host's), then the
 * average rating, so a flagged meeting's rating shows whether the network or the people were the problem.
 */
export function useCompletedMeetingColumns() {
  const format = useDateFormat();
  return useMemo(
    () =>
      meeting.columns([
        ...sessionLeadColumns<CompletedMeeting>(format),
        meeting.accessor('endTime', { header: () => <Trans>End Time</Trans>, enableSorting: false, cell: ({ getValue }) => format.dateTime(getValue()) }),
        meeting.accessor('durationSeconds', { header: () => <Trans>Duration</Trans>, enableSorting: false, cell: ({ getValue }) => <span dir="ltr">{formatSessionDuration(getValue())}</span> }),
        sessionNodeColumn<CompletedMeeting>(),
        ...sessionMediaColumns<CompletedMeeting>(),
        meeting.accessor('hostEmail', { header: () => <Trans>Email</Trans>, enableSorting: false, cell: ({ getValue }) => <Maybe value={getValue()} /> }),
        meeting.accessor('hostName', { header: () => <Trans>Name</Trans>, enableSorting: false, cell: ({ getValue }) => <Maybe value={getValue()} /> }),
        meeting.accessor('rating', { header: () => <Trans>Rating</Trans>, enableSorting: false, cell: ({ row }) => <RatingCell rating={row.original.rating} ratings={row.original.ratings} /> }),
      ]),
    [format],
  );
}

const perCent = (value: number | null) => (value === null ? null : `${value}%`);
const ms = (value: number | null) => (value === null ? null : `${value} ms`);

/** Participant, email, joined and left, duration, client, codecs, the averages of their statistics and the quality flag. */
export function useCompletedParticipantColumns() {
  const format = useDateFormat();
  return useMemo(
    () =>
      person.columns([
        person.accessor('displayName', {
          header: () => <Trans>Participant</Trans>,
          enableSorting: false,
          cell: ({ row }) => (
            <Stack gap={0}>
              <Maybe value={row.original.displayName} />
              {row.original.email ? (
                <Text size="xs" c="dimmed">
                  {row.original.email}
                </Text>
              ) : null}
            </Stack>
          ),
        }),
        person.accessor('joinedAt', { header: () => <Trans>Start Time</Trans>, enableSorting: false, cell: ({ getValue }) => format.dateTime(getValue()) }),
        person.accessor('leftAt', { header: () => <Trans>End Time</Trans>, enableSorting: false, cell: ({ getValue }) => {
            const left = getValue();
            return <Maybe value={left ? format.dateTime(left) : null} />;
          },
        }),
        person.accessor('durationSeconds', { header: () => <Trans>Duration</Trans>, enableSorting: false, cell: ({ getValue }) => <span dir="ltr">{formatSessionDuration(getValue())}</span> }),
        person.display({ id: 'os', header: () => <Trans>OS</Trans>, cell: ({ row }) => <Maybe value={joinWithVersion(row.original.client.os, row.original.client.osVersion)} /> }),
        person.display({ id: 'version', header: () => <Trans>Version</Trans>, cell: ({ row }) => <Maybe value={joinWithVersion(row.original.client.browser, row.original.client.browserVersion)} /> }),
        person.display({ id: 'platform', header: () => <Trans>Platform</Trans>, cell: ({ row }) => <Maybe value={row.original.client.platform} /> }),
        person.display({ id: 'network', header: () => <Trans>Network</Trans>, cell: ({ row }) => <Maybe value={row.original.client.network} /> }),
        person.display({ id: 'codecs', header: () => <Trans>Codecs</Trans>, cell: ({ row }) => <Maybe value={[row.original.audioCodec, row.original.videoCodec].filter(Boolean).join(', ')} /> }),
        person.accessor('avgPacketLoss', { header: () => <Trans>Average packet loss</Trans>, enableSorting: false, cell: ({ getValue }) => <Maybe value={perCent(getValue())} /> }),
        person.accessor('avgJitterMs', { header: () => <Trans>Average jitter</Trans>, enableSorting: false, cell: ({ getValue }) => <Maybe value={ms(getValue())} /> }),
        person.accessor('avgRttMs', { header: () => <Trans>Average round-trip time</Trans>, enableSorting: false, cell: ({ getValue }) => <Maybe value={ms(getValue())} /> }),
        person.display({ id: 'quality', header: () => <Trans>Quality</Trans>, cell: ({ row }) => <QualityFlag flagged={row.original.flagged} reason={row.original.flagReason} /> }),
      ]),
    [format],
  );
}
