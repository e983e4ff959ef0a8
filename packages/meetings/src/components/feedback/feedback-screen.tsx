import { Anchor, Badge, Button, Card, CloseButton, Group, Rating, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useDateFormat } from '@portal/i18n';
import { createDataTableColumnHelper, DataTable, useServerTable, useStepBackFromEmptyPage } from '@portal/ui-kit';
import { useFeedback, type Feedback, type FeedbackPage } from '../../api/feedback/get-feedback';
import { DateRangeFilter, useDateRange } from '../date-range-filter';
import { meetingLogPath } from '../../routes/meeting-paths';
import { FeedbackIssuesDialog, FeedbackParticipantDialog } from './feedback-details-dialog';

const column = createDataTableColumnHelper<Feedback>();

function Indicator({ on, label }: { on: boolean; label: string }) {
  const { t } = useLingui();
  const text = on ? t`${label}: yes` : t`${label}: no`;
  return on ? <IconCheck size={18} color="var(--mantine-color-green-7)" aria-label={text} role="img" /> : <IconX size={18} color="var(--mantine-color-gray-6)" aria-label={text} role="img" />;
}

function Cards({ page }: { page: FeedbackPage }) {
  const { t, i18n } = useLingui();
  const number = (value: number) => i18n.number(value, { maximumFractionDigits: 2 });
  const { summary } = page;
  return (
    <Stack gap="sm">
      {summary.ratings > 0 ? (
        <Text size="sm">
          {t`Average rating ${number(summary.averageRating ?? 0)} of ${summary.ratings} ratings.`}{' '}
          {summary.flaggedRatings > 0
            ? t`Meetings with call-quality alerts: ${number(summary.flaggedAverageRating ?? 0)} (${summary.flaggedRatings} ratings); without: ${summary.unflaggedAverageRating === null ? '—' : number(summary.unflaggedAverageRating)}.`
            : t`No rated meeting had a call-quality alert.`}
        </Text>
      ) : null}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        {page.meetings.map((card) => (
          <Card key={card.meetingCode} withBorder padding="sm" component="section" aria-label={t`Meeting ${card.meetingCode}`}>
            <Text size="xs" c="dimmed">
              {card.tenantName}
            </Text>
            <Text fw={600} dir="ltr" ta="start">
              {card.meetingCode}
            </Text>
            <Text size="sm" lineClamp={1}>
              {card.topic}
            </Text>
            <Group gap={6} mt={4}>
              <Rating value={card.averageRating} fractions={4} readOnly size="sm" aria-hidden="true" />
              <Text size="sm">{t`${number(card.averageRating)} of 5 (${card.ratings})`}</Text>
            </Group>
            {card.flagged ? (
              <Badge color="red" variant="light" mt={4}>
                <Trans>Call quality flagged</Trans>
              </Badge>
            ) : null}
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

export type FeedbackScreenProps = {
  /** Today, for the default period (the last 30 days). */
  today?: Date;
};

/**
 * Feedback (spec, super admin): the ratings participants gave in a period, with the meeting run's
 * video, screen share, audio bridge and recording indicators; Issues opens the breakdown ('No issues'),
 * the name opens the participant detail; cards show each meeting's id and overall rating, and how
 * meetings with call-quality alerts were rated. `?meeting=` narrows it to one meeting.
 */
export function FeedbackScreen({ today = new Date() }: FeedbackScreenProps) {
  const { t } = useLingui();
  const format = useDateFormat();
  const [search, setSearch] = useSearchParams();
  const meeting = search.get('meeting');
  const [issuesOf, setIssuesOf] = useState<Feedback | null>(null);
  const [detailOf, setDetailOf] = useState<Feedback | null>(null);
  const table = useServerTable();
  const range = useDateRange({ days: 30, today, onChange: () => table.pageIndex > 0 && table.reset() });
  const rangeError = range.error;
  const params = useMemo(
    () => ({ q: table.params.q, cursor: table.params.cursor, limit: table.params.limit, ...range.query, ...(meeting ? { meeting } : {}) }),
    [table.params, range.query, meeting],
  );
  const feedback = useFeedback(params, !rangeError);
  useStepBackFromEmptyPage(feedback, table);

  const serverRangeError = range.refusedBy(feedback);

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('participantName', {
          header: () => <Trans>Participant Name</Trans>,
          enableSorting: false,
          cell: ({ row }) => (
            <Button variant="subtle" size="compact-sm" onClick={() => setDetailOf(row.original)}>
              {row.original.participantName || '—'}
            </Button>
          ),
        }),
        column.accessor('meetingCode', {
          header: () => <Trans>Meeting ID</Trans>,
          enableSorting: false,
          // The rated run's log: what happened in the meeting this participant rated.
          cell: ({ row }) => (
            <Anchor component={Link} to={meetingLogPath(row.original.meetingCode, row.original.sessionId)} dir="ltr" size="sm" aria-label={t`Meeting Log of meeting ${row.original.meetingCode}`}>
              {row.original.meetingCode}
            </Anchor>
          ),
        }),
        column.accessor('rating', {
          header: () => <Trans>Rating</Trans>,
          enableSorting: false,
          cell: ({ getValue }) => (
            <Group gap={4} wrap="nowrap">
              <Rating value={getValue()} readOnly size="xs" aria-hidden="true" />
              <Text size="sm">{getValue()}</Text>
            </Group>
          ),
        }),
        column.accessor('suggestion', { header: () => <Trans>Suggestion</Trans>, enableSorting: false, cell: ({ getValue }) => <Text size="sm" dir="auto">{getValue() ?? '—'}</Text> }),
        column.accessor('startedAt', { header: () => <Trans>Start Time</Trans>, enableSorting: false, cell: ({ getValue }) => format.dateTime(getValue()) }),
        column.accessor('video', { header: () => <Trans>Video</Trans>, enableSorting: false, cell: ({ getValue }) => <Indicator on={getValue()} label={t`Video`} /> }),
        column.accessor('screenShare', { header: () => <Trans>Screen Share</Trans>, enableSorting: false, cell: ({ getValue }) => <Indicator on={getValue()} label={t`Screen Share`} /> }),
        column.accessor('audioBridge', { header: () => <Trans>Audio Bridge</Trans>, enableSorting: false, cell: ({ getValue }) => <Indicator on={getValue()} label={t`Audio Bridge`} /> }),
        column.accessor('recording', { header: () => <Trans>Recording</Trans>, enableSorting: false, cell: ({ getValue }) => <Indicator on={getValue()} label={t`Recording`} /> }),
        column.accessor('sessionFlagged', {
          header: () => <Trans>Call quality</Trans>,
          enableSorting: false,
          cell: ({ getValue }) =>
            getValue() ? (
              <Badge color="red" variant="light">
                <Trans>Flagged</Trans>
              </Badge>
            ) : (
              <Trans>Good</Trans>
            ),
        }),
        column.display({
          id: 'issues',
          header: () => <Trans>Issues</Trans>,
          cell: ({ row }) => {
            const count = row.original.videoIssues.length + row.original.audioIssues.length;
            return (
              <Button variant="light" size="compact-sm" onClick={() => setIssuesOf(row.original)} aria-label={t`Issues of ${row.original.participantName}`}>
                {count === 0 ? t`No issues` : t`Issues (${count})`}
              </Button>
            );
          },
        }),
      ]),
    [format, t],
  );

  return (
    <Stack gap="md">
      <Title order={2}>
        <Trans>Feedback</Trans>
      </Title>
      <DateRangeFilter range={range} error={rangeError ?? serverRangeError} align="flex-end">
        {meeting ? (
          <Badge size="lg" variant="light" rightSection={<CloseButton size="xs" aria-label={t`Show every meeting`} onClick={() => setSearch({}, { replace: true })} />}>
            {t`Meeting ${meeting}`}
          </Badge>
        ) : null}
      </DateRangeFilter>
      {feedback.data && !rangeError ? <Cards page={feedback.data} /> : null}
      <DataTable
        {...table.bind(feedback.data?.nextCursor)}
        label={t`Feedback`}
        columns={columns}
        {...range.tableOf(feedback)}
        getRowId={(row) => row.id}
        emptyText={table.q ? t`No results..` : t`There are no feedbacks!`}
        minWidth={1200}
      />
      <FeedbackIssuesDialog feedback={issuesOf} onClose={() => setIssuesOf(null)} />
      <FeedbackParticipantDialog feedback={detailOf} onClose={() => setDetailOf(null)} />
    </Stack>
  );
}

export default FeedbackScreen;
