import { Alert, Button, Group, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { hasProblemCode, problemFieldCodes, topLevelFieldOf } from '@portal/api-client';
import { problemText } from '@portal/forms';
import { useDateFormat, validationMessages } from '@portal/i18n';
import { createDataTableColumnHelper, DataTable, useServerTable } from '@portal/ui-kit';
import { useMeetingLog, type MeetingLogEvent } from '../../api/inspect/get-meeting-log';
import { meetingStatePath } from '../../routes/meeting-paths';
import { MeetingIdForm, meetingCodeOf } from '../meeting-state';
import { describeEvent } from './describe-event';

const column = createDataTableColumnHelper<MeetingLogEvent>();

/**
 * Meeting log: a meeting's run (the latest, or the one chosen) as the media platform told it, in
 * time order and in words; statistics samples are hidden unless asked for. Same Meeting ID texts
 * as Meeting state. `?meeting=` opens it on a meeting, and `&session=` on one of its runs.
 */
export function MeetingLogScreen() {
  const { t, i18n } = useLingui();
  const format = useDateFormat();
  const [search, setSearch] = useSearchParams();
  const [code, setCode] = useState<string | null>(() => meetingCodeOf(search.get('meeting') ?? ''));
  const [session, setSession] = useState<string | null>(() => search.get('session'));
  const [stats, setStats] = useState(false);
  const table = useServerTable();
  const params = useMemo(
    () => ({ cursor: table.params.cursor, limit: table.params.limit, ...(session ? { session } : {}), ...(stats ? { stats: true } : {}) }),
    [table.params.cursor, table.params.limit, session, stats],
  );
  const log = useMeetingLog(code, params);

  const submit = (next: string) => {
    if (next !== code) setSession(null);
    setCode(next);
    table.reset();
    setSearch({ meeting: next }, { replace: true });
    if (next === code) void log.refetch();
  };
  const change = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    // A cursor belongs to the run and filter that produced it.
    table.reset();
  };
  // The address names the run shown, so a link (from Feedback, or shared) opens that run.
  const showRun = (run: string | null) => {
    change(setSession)(run);
    if (code !== null) setSearch({ meeting: code, ...(run ? { session: run } : {}) }, { replace: true });
  };

  const notFound = log.isError && hasProblemCode(log.error, ['not_found']);
  // A run from the address that is not one of this meeting's (or not a run id at all).
  const unknownRun = log.isError && problemFieldCodes(log.error, topLevelFieldOf(['session'])).session !== undefined;
  const invalid = log.isError && !unknownRun && hasProblemCode(log.error, ['validation_failed', 'invalid_request']);
  const serverError = notFound ? i18n._(validationMessages.meetingIdNotFound) : invalid ? i18n._(validationMessages.meetingId) : null;
  const data = log.isError ? undefined : log.data;
  const runs = (data?.sessions ?? []).map((run) => ({
    value: run.id,
    label: run.endedAt ? `${format.dateTime(run.startedAt)} – ${format.time(run.endedAt)}` : t`${format.dateTime(run.startedAt)} (running)`,
  }));
  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('occurredAt', { header: () => <Trans>Time</Trans>, enableSorting: false, cell: ({ getValue }) => format.dateTime(getValue()) }),
        column.accessor('participantName', { header: () => <Trans>Participant</Trans>, enableSorting: false, cell: ({ getValue }) => getValue() ?? '—' }),
        column.display({ id: 'event', header: () => <Trans>Event</Trans>, cell: ({ row }) => describeEvent(i18n, row.original) }),
      ]),
    [format, i18n],
  );
  const { search: _search, ...paging } = table.bind(data?.nextCursor);

  return (
    <Stack gap="md">
      <Title order={2}>
        <Trans>Meeting Log</Trans>
      </Title>
      <MeetingIdForm initialCode={code ?? ''} serverError={serverError} onSubmit={submit} />
      {unknownRun ? (
        <Alert color="yellow" role="alert">
          <Group justify="space-between" gap="sm">
            <Text size="sm">
              <Trans>The run in this link is not one of this meeting's runs.</Trans>
            </Text>
            <Button variant="light" size="compact-sm" onClick={() => showRun(null)}>
              <Trans>Show the latest run</Trans>
            </Button>
          </Group>
        </Alert>
      ) : log.isError && !serverError ? (
        <Alert color="red" role="alert">
          {problemText(log.error, i18n)}
        </Alert>
      ) : null}
      {data ? (
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Group align="flex-end" gap="md" wrap="wrap">
            <Select label={t`Run of the meeting`} data={runs} value={session ?? data.sessionId} onChange={showRun} disabled={runs.length === 0} allowDeselect={false} w={320} />
            <Switch label={t`Show statistics samples`} checked={stats} onChange={(event) => change(setStats)(event.currentTarget.checked)} mb={8} />
          </Group>
          <Button component={Link} to={meetingStatePath(data.code)} variant="subtle">
            <Trans>Meeting State</Trans>
          </Button>
        </Group>
      ) : null}
      {data && !stats && data.statsSamples > 0 ? (
        <Text size="sm" c="dimmed">
          <Plural value={data.statsSamples} one="# statistics sample hidden." other="# statistics samples hidden." />
        </Text>
      ) : null}
      {code !== null && !log.isError ? (
        <DataTable
          {...paging}
          label={t`Meeting Log`}
          columns={columns}
          data={data?.items}
          getRowId={(row) => String(row.id)}
          loading={log.isPending}
          emptyText={data && data.sessionId === null ? t`This meeting has not run yet.` : t`There are no events!`}
        />
      ) : null}
    </Stack>
  );
}

export default MeetingLogScreen;
