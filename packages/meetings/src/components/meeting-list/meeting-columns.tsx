import { Badge, Group, Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { IconRepeat } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useDateFormat } from '@portal/i18n';
import { createDataTableColumnHelper } from '@portal/ui-kit';
import type { MeetingOccurrence } from '../../api/meetings/get-meeting-schedules';
import { EncryptedBadge } from '../e2ee-notices';

const column = createDataTableColumnHelper<MeetingOccurrence>();
export const occurrenceRowId = (occurrence: MeetingOccurrence) => `${occurrence.id}@${occurrence.originalStart}`;

function TopicCell({ occurrence }: { occurrence: MeetingOccurrence }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm">{occurrence.topic}</Text>
      {occurrence.recurring ? (
        <Badge size="xs" variant="light" leftSection={<IconRepeat size={10} aria-hidden="true" />}>
          <Trans>Recurring</Trans>
        </Badge>
      ) : null}
      {occurrence.endToEndEncrypted ? <EncryptedBadge size="xs" /> : null}
    </Group>
  );
}

/** Meeting ID, Topic and Time (the occurrence's start and end in the viewer's language and zone). */
export function useUpcomingColumns() {
  const format = useDateFormat();
  return useMemo(
    () =>
      column.columns([
        column.accessor('meetingId', { header: () => <Trans>Meeting ID</Trans>, enableSorting: false, cell: ({ getValue }) => <span dir="ltr">{getValue()}</span> }),
        column.accessor('topic', { header: () => <Trans context="meeting">Topic</Trans>, enableSorting: false, cell: ({ row }) => <TopicCell occurrence={row.original} /> }),
        column.accessor('start', {
          header: () => <Trans>Time</Trans>,
          enableSorting: false,
          cell: ({ row }) => (
            <span>
              {format.dateTime(row.original.start)} – {format.time(row.original.end)}
            </span>
          ),
        }),
      ]),
    [format],
  );
}

/** Meeting ID, Topic, Start Time and End Time (spec: Past meetings). */
export function usePastColumns() {
  const format = useDateFormat();
  return useMemo(
    () =>
      column.columns([
        column.accessor('meetingId', { header: () => <Trans>Meeting ID</Trans>, enableSorting: false, cell: ({ getValue }) => <span dir="ltr">{getValue()}</span> }),
        column.accessor('topic', { header: () => <Trans context="meeting">Topic</Trans>, enableSorting: false, cell: ({ row }) => <TopicCell occurrence={row.original} /> }),
        column.accessor('start', { id: 'startTime', header: () => <Trans>Start Time</Trans>, enableSorting: false, cell: ({ getValue }) => format.dateTime(getValue()) }),
        column.accessor('end', { id: 'endTime', header: () => <Trans>End Time</Trans>, enableSorting: false, cell: ({ getValue }) => format.dateTime(getValue()) }),
      ]),
    [format],
  );
}
