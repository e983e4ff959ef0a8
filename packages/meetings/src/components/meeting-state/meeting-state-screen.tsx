import { Alert, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconInfoCircle, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { hasProblemCode } from '@portal/api-client';
import { problemText } from '@portal/forms';
import { useDateFormat, validationMessages } from '@portal/i18n';
import { DataTable } from '@portal/ui-kit';
import { useMeetingState, type StreamRow } from '../../api/inspect/meeting-state';
import { meetingLogPath } from '../../routes/meeting-paths';
import { MeetingIdForm, meetingCodeOf } from './meeting-id-form';
import { streamRowId, useStreamColumns } from './stream-columns';

function StreamTable({ label, rows, loading, emptyText }: { label: string; rows: StreamRow[] | undefined; loading: boolean; emptyText: string }) {
  const columns = useStreamColumns();
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        {label}
      </Title>
      <DataTable label={label} columns={columns} data={rows} getRowId={streamRowId} loading={loading} emptyText={emptyText} minWidth={1100} />
    </Stack>
  );
}

/**
 * Meeting state (spec): enter a Meeting ID and submit, optionally choosing a Publisher; the
 * Publishers, Subscribers and Orphans the media server holds for the running meeting, read live.
 * `?meeting=` opens it on a meeting.
 */
export function MeetingStateScreen() {
  const { t, i18n } = useLingui();
  const format = useDateFormat();
  const [search, setSearch] = useSearchParams();
  const [code, setCode] = useState<string | null>(() => meetingCodeOf(search.get('meeting') ?? ''));
  const [publisher, setPublisher] = useState<string | null>(null);
  const state = useMeetingState(code, publisher ? { publisher: Number(publisher) } : {});

  const submit = (next: string) => {
    if (next !== code) setPublisher(null);
    setCode(next);
    setSearch({ meeting: next }, { replace: true });
    if (next === code) void state.refetch();
  };

  const notFound = state.isError && hasProblemCode(state.error, ['not_found']);
  const invalid = state.isError && hasProblemCode(state.error, ['validation_failed', 'invalid_request']);
  const serverError = notFound ? i18n._(validationMessages.meetingIdNotFound) : invalid ? i18n._(validationMessages.meetingId) : null;
  const data = state.isError ? undefined : state.data;
  const loading = code !== null && state.isPending;
  const choices = (data?.publisherChoices ?? []).map((choice) => ({ value: String(choice.participantId), label: `${choice.displayName || '—'} (${choice.participantId})` }));

  return (
    <Stack gap="md">
      <Title order={2}>
        <Trans>Meeting State</Trans>
      </Title>
      <MeetingIdForm initialCode={code ?? ''} serverError={serverError} onSubmit={submit}>
        <Select
          label={t`Publisher`}
          placeholder={t`All publishers`}
          data={choices}
          value={publisher}
          onChange={setPublisher}
          disabled={choices.length === 0}
          clearable
          w={260}
        />
      </MeetingIdForm>
      {state.isError && !serverError ? (
        <Alert color="red" role="alert">
          {problemText(state.error, i18n)}
        </Alert>
      ) : null}
      {data ? (
        <Group justify="space-between" wrap="wrap">
          <Text>
            <Trans>
              Meeting <span dir="ltr">{data.code}</span>: {data.topic}
            </Trans>
            {data.running && data.startedAt ? ` · ${t`Started ${format.dateTime(data.startedAt)}`}` : ''}
          </Text>
          <Group gap="xs">
            <Button component={Link} to={meetingLogPath(data.code)} variant="subtle">
              <Trans>Meeting log</Trans>
            </Button>
            <Button variant="light" leftSection={<IconRefresh size={16} aria-hidden="true" />} loading={state.isFetching} onClick={() => void state.refetch()}>
              <Trans>Refresh</Trans>
            </Button>
          </Group>
        </Group>
      ) : null}
      {data?.simulated ? (
        <Alert color="blue" icon={<IconInfoCircle aria-hidden="true" />} role="status">
          <Trans>This meeting runs on the built-in traffic simulator: it answers for the streams below as a media server would.</Trans>
        </Alert>
      ) : null}
      {data && !data.running ? (
        <Alert color="blue" icon={<IconInfoCircle aria-hidden="true" />} role="status">
          <Trans>This meeting is not running now: the media server holds nothing for it.</Trans>
        </Alert>
      ) : null}
      {code !== null && !state.isError ? (
        <>
          <StreamTable label={t`Publishers`} rows={data?.publishers} loading={loading} emptyText={t`There are no publishers!`} />
          <StreamTable label={t`Subscribers`} rows={data?.subscribers} loading={loading} emptyText={t`There are no subscribers!`} />
          <StreamTable label={t`Orphans`} rows={data?.orphans} loading={loading} emptyText={t`There are no orphans!`} />
        </>
      ) : null}
    </Stack>
  );
}

export default MeetingStateScreen;
