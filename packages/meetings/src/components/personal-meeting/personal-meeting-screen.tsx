import { Button, Group, Paper, Select, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconCopy, IconPencil, IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { problemText, showSubmitError } from '@portal/forms';
import { validationMessages } from '@portal/i18n';
import { ErrorState, notify, PageLoader } from '@portal/ui-kit';
import { usePersonalMeeting, type PersonalMeeting } from '../../api/meetings/get-personal-meeting';
import { useSavePersonalMeeting } from '../../api/meetings/save-personal-meeting';
import { meetingFieldErrorText, scheduleFailed } from '../../utils/meeting-error-text';
import { joinModes, type JoinMode, type RecordingMode } from '../../utils/meeting-labels';
import { startMeeting } from '../meeting-list';
import { RecordModeSelect } from '../record-mode-select';

type Values = { topic: string; meetingId: string; password: string; joinMode: JoinMode; recordMode: RecordingMode | null; phoneBridge: boolean };

const fields = ['topic', 'meetingId', 'password', 'joinMode', 'recordMode', 'phoneBridge'] as const;

/** A suggested personal meeting id: 10 digits, not starting with 0. */
export function suggestMeetingId(random: () => number = Math.random): string {
  let id = String(1 + Math.floor(random() * 9));
  while (id.length < 10) id += String(Math.floor(random() * 10));
  return id;
}

function valuesOf(meeting: PersonalMeeting | null, topic: string): Values {
  return {
    topic: meeting?.topic ?? topic,
    meetingId: meeting?.meetingId ?? suggestMeetingId(),
    password: meeting?.password ?? '',
    joinMode: meeting?.joinMode ?? 'waiting_for_host',
    recordMode: meeting?.recordMode ?? null,
    phoneBridge: meeting?.phoneBridge ?? false,
  };
}

function PersonalMeetingForm({ meeting, editing, onEdit, onDone }: { meeting: PersonalMeeting | null; editing: boolean; onEdit: () => void; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const save = useSavePersonalMeeting();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: valuesOf(meeting, t`My personal meeting`),
    validate: {
      topic: (value) => (value.trim().length > 0 && value.trim().length <= 200 ? null : i18n._(validationMessages.topic)),
      meetingId: (value) => (/^[0-9]{10}$/.test(value) ? null : i18n._(validationMessages.meetingId10)),
      password: (value) => (value === '' || /^[0-9]{6,10}$/.test(value) ? null : i18n._(validationMessages.meetingPasswordMin6)),
    },
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await save.mutateAsync({ meeting: { ...values, topic: values.topic.trim(), password: values.password || null } });
      notify.success(meeting ? t`Edited successfully` : t`Personal meeting created`);
      onDone();
    } catch (error) {
      showSubmitError(form, error, i18n, {
        pathOf: (field) => ((fields as readonly string[]).includes(field) ? field : null),
        textOf: meetingFieldErrorText,
        snackbarText: (_error, i) => i._(scheduleFailed),
      });
    }
  });

  const cancel = () => {
    form.reset();
    onDone();
  };

  const copyLink = async () => {
    if (!meeting) return;
    try {
      await navigator.clipboard.writeText(meeting.joinUrl);
      notify.success(t`Link copied`);
    } catch {
      notify.error(problemText(undefined, i18n));
    }
  };

  const readOnly = !editing;
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="form" noValidate onSubmit={submit} aria-label={t`Personal meeting`}>
      <Stack gap="md">
        <TextInput label={t({ message: 'Topic', context: 'meeting' })} required readOnly={readOnly} maxLength={200} {...form.getInputProps('topic')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label={t`Meeting Id`} required readOnly={readOnly} inputMode="numeric" dir="ltr" maxLength={10} {...form.getInputProps('meetingId')} />
          <TextInput label={t`Password`} readOnly={readOnly} inputMode="numeric" autoComplete="off" dir="ltr" maxLength={10} {...form.getInputProps('password')} />
          <Select
            label={t`Security`}
            readOnly={readOnly}
            allowDeselect={false}
            data={joinModes.map((mode) => ({ value: mode.value, label: i18n._(mode.label) }))}
            {...form.getInputProps('joinMode')}
          />
          <RecordModeSelect kept={meeting?.recordMode} readOnly={readOnly} clearable={!readOnly} {...form.getInputProps('recordMode')} />
        </SimpleGrid>
        <Switch label={t`Phone Bridge`} disabled={readOnly} {...form.getInputProps('phoneBridge', { type: 'checkbox' })} />
        {meeting ? (
          <Text size="sm" c="dimmed" dir="ltr" style={{ overflowWrap: 'anywhere' }}>
            {meeting.joinUrl}
          </Text>
        ) : null}
        <Group justify="flex-end" gap="sm">
          {!meeting ? (
            <Button type="submit" loading={save.isPending}>
              <Trans>Create</Trans>
            </Button>
          ) : editing ? (
            <>
              <Button variant="default" onClick={cancel} disabled={save.isPending}>
                <Trans>Cancel</Trans>
              </Button>
              <Button type="submit" loading={save.isPending}>
                <Trans>Save</Trans>
              </Button>
            </>
          ) : (
            <>
              <Button variant="default" leftSection={<IconPencil size={16} aria-hidden="true" />} onClick={onEdit}>
                <Trans>Edit</Trans>
              </Button>
              <Button variant="default" leftSection={<IconCopy size={16} aria-hidden="true" />} onClick={() => void copyLink()}>
                <Trans>Copy Link</Trans>
              </Button>
              <Button leftSection={<IconPlayerPlay size={16} aria-hidden="true" />} onClick={() => startMeeting(meeting.joinUrl)}>
                <Trans>Start Meeting</Trans>
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * Personal meeting (spec): the member's own room: Topic, Meeting Id (10 digits), Password (at
 * least 6 digits), Security (join mode), Record Mode, Phone Bridge; Edit, Cancel, Save, Copy
 * Link, Start Meeting, and Create before there is one.
 */
export function PersonalMeetingScreen() {
  const { t, i18n } = useLingui();
  const personal = usePersonalMeeting();
  const [editing, setEditing] = useState(false);

  let body;
  if (personal.isPending) body = <PageLoader h={240} />;
  else if (personal.isError) body = <ErrorState message={problemText(personal.error, i18n)} actionLabel={t`Retry`} onAction={() => void personal.refetch()} />;
  else
    body = (
      <>
        {personal.data ? null : (
          <Text c="dimmed">
            <Trans>You have no personal meeting yet. Choose its id and password, then create it.</Trans>
          </Text>
        )}
        <PersonalMeetingForm
          key={`${personal.data?.id ?? 'new'}-${editing ? 'edit' : 'view'}`}
          meeting={personal.data}
          editing={editing || !personal.data}
          onEdit={() => setEditing(true)}
          onDone={() => setEditing(false)}
        />
      </>
    );

  return (
    <Stack gap="md" maw={800}>
      <Title order={2}>
        <Trans>Personal meeting</Trans>
      </Title>
      {body}
    </Stack>
  );
}
