import { Button, Checkbox, Group, Paper, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type Schema, topLevelFieldOf } from '@portal/api-client';
import { notify } from '@portal/ui-kit';
import type { StoredSettings } from '../../api/settings/get-settings';
import { useUpdateSettings } from '../../api/settings/update-settings';
import { isAddressOrRange, isWholeNumberIn } from '../../utils/recording-rules';
import { SettingsPage } from '../settings-page';
import { RetentionPreview } from './retention-preview';
import { fieldErrorText, showSubmitError } from '@portal/forms';

type RecordingMode = Schema<'RecordingMode'>;

/** Spec section 9's recording modes. */
export const recordingModes: { value: RecordingMode; label: MessageDescriptor }[] = [
  { value: 'host_with_screen_share', label: msg`Host only with screen share` },
  { value: 'gallery_with_screen_share', label: msg`Gallery with screen share` },
  { value: 'active_speaker_with_screen_share', label: msg`Active speaker with screen share` },
  { value: 'audio_only', label: msg`Audio only` },
  { value: 'audio_and_video', label: msg`Audio and video` },
  { value: 'audio_and_screen_share', label: msg`Audio and screenshare` },
];

export const MAX_AUTO_DELETE_DAYS = 3650;

type FormValues = { modes: RecordingMode[]; autoDelete: boolean; autoDeleteDays: string; restrictAccess: boolean; allowedAddress: string };

/**
 * Recording settings (super administrator): the recording modes offered, deleting cloud
 * recordings after a number of days, and limiting recording access to an IP address or range.
 */
export function RecordingSettingsScreen() {
  return (
    <SettingsPage section="recording">
      {(stored) => <RecordingSettingsForm key={stored.updatedAt ?? 'new'} stored={stored} />}
    </SettingsPage>
  );
}

function RecordingSettingsForm({ stored }: { stored: StoredSettings<'recording'> }) {
  const { t, i18n } = useLingui();
  const update = useUpdateSettings('recording');
  const values = stored.values;
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: {
      modes: values?.modes ?? recordingModes.map((mode) => mode.value),
      autoDelete: values?.autoDeleteDays != null,
      autoDeleteDays: values?.autoDeleteDays != null ? String(values.autoDeleteDays) : '30',
      restrictAccess: Boolean(values?.allowedAddress),
      allowedAddress: values?.allowedAddress ?? '',
    },
    validate: {
      autoDeleteDays: (value, all) =>
        all.autoDelete && !isWholeNumberIn(value.trim(), 1, MAX_AUTO_DELETE_DAYS) ? fieldErrorText('invalid_auto_delete_days', i18n) : null,
      allowedAddress: (value, all) => (all.restrictAccess && !isAddressOrRange(value.trim()) ? fieldErrorText('invalid_ip_range', i18n) : null),
    },
  });

  const submit = form.onSubmit(async (input) => {
    try {
      await update.mutateAsync({
        modes: recordingModes.map((mode) => mode.value).filter((mode) => input.modes.includes(mode)),
        autoDeleteDays: input.autoDelete ? Number(input.autoDeleteDays.trim()) : null,
        allowedAddress: input.restrictAccess ? input.allowedAddress.trim() : null,
      });
      notify.success(t`Settings saved successfully`);
    } catch (error) {
      showSubmitError(form, error, i18n, { pathOf: topLevelFieldOf(['autoDeleteDays', 'allowedAddress']) });
    }
  });

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} component="form" onSubmit={submit} noValidate aria-label={t`Recording settings`}>
      <Stack gap="lg">
        <Checkbox.Group label={t`Recording modes`} {...form.getInputProps('modes')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
            {recordingModes.map((mode) => (
              <Checkbox key={mode.value} value={mode.value} label={i18n._(mode.label)} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Stack gap="xs">
            <Switch label={t`Delete cloud recordings automatically`} {...form.getInputProps('autoDelete', { type: 'checkbox' })} />
            <TextInput
              label={t`Delete after (days)`}
              inputMode="numeric"
              dir="ltr"
              disabled={!form.values.autoDelete}
              required={form.values.autoDelete}
              {...form.getInputProps('autoDeleteDays')}
            />
            <RetentionPreview autoDeleteDays={form.values.autoDelete && isWholeNumberIn(form.values.autoDeleteDays.trim(), 1, MAX_AUTO_DELETE_DAYS) ? Number(form.values.autoDeleteDays.trim()) : null} />
          </Stack>
          <Stack gap="xs">
            <Switch label={t`Limit access to an IP address or range`} {...form.getInputProps('restrictAccess', { type: 'checkbox' })} />
            <TextInput
              label={t`Authorised IP address or range`}
              description={t`For example 203.0.113.7 or 10.0.0.0/8`}
              dir="ltr"
              autoComplete="off"
              disabled={!form.values.restrictAccess}
              required={form.values.restrictAccess}
              {...form.getInputProps('allowedAddress')}
            />
          </Stack>
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            <Trans>Save</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
