import { Alert, Button, Checkbox, Fieldset, Group, Paper, Select, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { isValidEmail, showSubmitError } from '@portal/forms';
import { validationMessages } from '@portal/i18n';
import { notify, TagsField } from '@portal/ui-kit';
import { useAddMeeting } from '../../api/meetings/add-meeting';
import type { Meeting } from '../../api/meetings/get-meeting';
import { useMeetingModes } from '../../api/meetings/get-meeting-modes';
import { useUpdateMeeting } from '../../api/meetings/update-meeting';
import { useUpdateMeetingSchedule } from '../../api/meetings/update-meeting-schedule';
import { meetingFieldErrorText, scheduleFailed } from '../../utils/meeting-error-text';
import { timeZoneNames } from '../../utils/zoned-time';
import { RecordModeSelect } from '../record-mode-select';
import { TimeField } from '../time-field';
import { CoHostsField } from './co-hosts-field';
import { MeetingOptionsFields } from './meeting-options-fields';
import { isoDate } from '../../utils/calendar-day';
import { RecurrenceFields } from './recurrence-fields';
import {
  createBody,
  DURATIONS,
  newScheduleValues,
  occurrenceBody,
  scheduleValidation,
  schedulePathOf,
  updateBody,
  valuesOfMeeting,
  type ScheduleMode,
  type ScheduleValues,
} from './schedule-form-values';

export type ScheduleMeetingFormProps = {
  mode: ScheduleMode;
  /** The meeting to edit (edit and occurrence modes). */
  meeting?: Meeting;
  /** The originalStart of the occurrence to edit (occurrence mode). */
  occurrence?: string;
  /** After a successful save, with the saved meeting. */
  onDone: (meeting: Meeting) => void;
  onCancel: () => void;
  /** Now, for the upcoming-time check and a new meeting's first suggestion. */
  now?: () => Date;
};

/**
 * The Schedule meetings form (spec) in its three modes: a new meeting, every occurrence of a
 * meeting, or one occurrence of a recurring meeting (topic, time and duration only).
 */
export function ScheduleMeetingForm({ mode, meeting, occurrence, onDone, onCancel, now = () => new Date() }: ScheduleMeetingFormProps) {
  const { t, i18n } = useLingui();
  const [initial] = useState<ScheduleValues>(() => (meeting ? valuesOfMeeting(meeting, occurrence) : newScheduleValues(now())));
  const [optionsOpened, optionsToggle] = useDisclosure(false);
  const addMeeting = useAddMeeting();
  const updateMeeting = useUpdateMeeting();
  const updateOccurrence = useUpdateMeetingSchedule();
  const pending = addMeeting.isPending || updateMeeting.isPending || updateOccurrence.isPending;
  const timeZones = useMemo(() => timeZoneNames(), []);
  const whole = mode !== 'occurrence';
  const modes = useMeetingModes(whole).data?.items ?? [];

  const checks = scheduleValidation(i18n, mode, initial, now);
  const form = useForm<ScheduleValues>({
    mode: 'controlled',
    initialValues: initial,
    validate: {
      ...checks,
      invitees: (emails: string[]) => (emails.every((email) => isValidEmail(email)) ? null : i18n._(validationMessages.validEmail)),
    },
  });

  const submit = form.onSubmit(async (values) => {
    try {
      let saved: Meeting;
      if (mode === 'new') {
        // The invitees go with the meeting: the server creates both or neither.
        saved = await addMeeting.mutateAsync({ meeting: createBody(values, initial) });
        notify.success(t`Meeting scheduled successfully`);
      } else if (mode === 'occurrence' && meeting && occurrence) {
        const changes = occurrenceBody(values, initial);
        // Nothing changed: nothing to save (the operation asks for at least one change).
        saved = Object.keys(changes).length > 0 ? await updateOccurrence.mutateAsync({ meetingId: meeting.id, occurrence, changes }) : meeting;
        notify.success(t`Meeting edited successfully`);
      } else if (meeting) {
        saved = await updateMeeting.mutateAsync({ meetingId: meeting.id, changes: updateBody(values, initial) });
        notify.success(t`Meeting edited successfully`);
      } else return;
      onDone(saved);
    } catch (error) {
      showSubmitError(form, error, i18n, { pathOf: schedulePathOf, textOf: meetingFieldErrorText, snackbarText: (_error, i) => i._(scheduleFailed) });
    }
  });

  const durations = useMemo(() => {
    const minutes = new Set<number>([...DURATIONS, Number(initial.durationMinutes)]);
    const label = (total: number) => {
      const hours = Math.floor(total / 60);
      const rest = total % 60;
      if (hours === 0) return t`${rest} min`;
      if (rest === 0) return t`${hours} h`;
      return t`${hours} h ${rest} min`;
    };
    return [...minutes].sort((a, b) => a - b).map((value) => ({ value: String(value), label: label(value) }));
  }, [initial.durationMinutes, t]);

  const title = mode === 'new' ? t`Schedule a meeting` : mode === 'edit' ? t`Edit meeting` : t`Edit this occurrence`;

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="form" noValidate onSubmit={submit} aria-label={title}>
      <Stack gap="md">
        {mode === 'occurrence' ? (
          <Alert variant="light" color="blue">
            <Trans>Only this occurrence changes; the other occurrences of the meeting stay as they are.</Trans>
          </Alert>
        ) : null}
        <TextInput label={t({ message: 'Topic', context: 'meeting' })} required maxLength={200} data-autofocus {...form.getInputProps('topic')} />
        {whole ? <Textarea label={t`Description`} rows={3} maxLength={2000} {...form.getInputProps('description')} /> : null}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <DateInput label={t`Date`} required placeholder="YYYY-MM-DD" valueFormat="YYYY-MM-DD" dateParser={isoDate} dir="ltr" {...form.getInputProps('date')} />
          <TimeField label={t`Time`} required {...form.getInputProps('time')} />
          <Select label={t`Duration`} required data={durations} allowDeselect={false} {...form.getInputProps('durationMinutes')} />
        </SimpleGrid>
        {whole ? (
          <Select
            label={t`Time zone`}
            required
            searchable
            limit={50}
            data={timeZones}
            allowDeselect={false}
            nothingFoundMessage={t`No results..`}
            {...form.getInputProps('timeZone')}
          />
        ) : null}
        {mode === 'new' ? (
          <Switch
            label={t`Open meeting`}
            description={t`Anyone with the link may join at any time until it ends.`}
            {...form.getInputProps('open', { type: 'checkbox' })}
          />
        ) : null}
        {whole && !form.values.open ? <Checkbox label={t`Recurring meeting`} {...form.getInputProps('recurring', { type: 'checkbox' })} /> : null}
        {whole && !form.values.open && form.values.recurring ? (
          // Only a recurring meeting has a box of rules; the checkbox stays where it was, focus and all.
          <Fieldset aria-label={t`Recurring meeting`}>
            <RecurrenceFields form={form} />
          </Fieldset>
        ) : null}
        {whole ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t`Meeting password`}
              description={t`6 to 10 digits; leave empty for none.`}
              inputMode="numeric"
              autoComplete="off"
              dir="ltr"
              maxLength={10}
              {...form.getInputProps('password')}
            />
            <RecordModeSelect
              kept={meeting?.recordMode}
              // An end-to-end encrypted meeting is never recorded: the server refuses a record mode for it.
              disabled={meeting?.endToEndEncrypted === true}
              description={meeting?.endToEndEncrypted ? t`End-to-end encrypted meetings are never recorded or transcribed.` : undefined}
              {...form.getInputProps('recordMode')}
            />
          </SimpleGrid>
        ) : null}
        {whole ? <Switch label={t`Phone Bridge`} {...form.getInputProps('phoneBridge', { type: 'checkbox' })} /> : null}
        {whole ? <CoHostsField form={form} initial={meeting?.coHosts ?? []} /> : null}
        {mode === 'new' ? (
          <TagsField
            label={t`Invite by email`}
            description={t`Type an address and press Enter; paste several separated by commas.`}
            splitChars={[',', ' ', ';']}
            acceptValueOnBlur
            clearable
            maxTags={50}
            {...form.getInputProps('invitees')}
          />
        ) : null}
        {whole && modes.length > 0 ? (
          <Select
            label={t`Meeting mode`}
            description={t`Fills the meeting options with the mode's settings; you may still change them.`}
            placeholder={t`Choose a meeting mode`}
            clearable
            data={[...new Set([...modes.map((m) => m.name), ...(form.values.meetingMode ? [form.values.meetingMode] : [])])]}
            {...form.getInputProps('meetingMode')}
            onChange={(name) => {
              form.setFieldValue('meetingMode', name);
              const chosen = modes.find((m) => m.name === name);
              if (chosen) form.setFieldValue('options', structuredClone(chosen.options));
            }}
          />
        ) : null}
        {whole ? (
          <Stack gap="xs">
            <Button
              variant="subtle"
              onClick={optionsToggle.toggle}
              aria-expanded={optionsOpened}
              aria-controls="meeting-options"
              rightSection={optionsOpened ? <IconChevronUp size={16} aria-hidden="true" /> : <IconChevronDown size={16} aria-hidden="true" />}
              style={{ alignSelf: 'flex-start' }}
            >
              <Trans>Meeting options</Trans>
            </Button>
            <div id="meeting-options">{optionsOpened ? <MeetingOptionsFields form={form} /> : null}</div>
          </Stack>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={pending}>
            {mode === 'new' ? t`Schedule` : t`Save`}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
