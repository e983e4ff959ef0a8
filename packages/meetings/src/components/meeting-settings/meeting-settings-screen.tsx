import { ActionIcon, Button, Checkbox, Fieldset, Group, Paper, Radio, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { notify } from '@portal/ui-kit';
import type { StoredSettings } from '../../api/settings/get-settings';
import { useUpdateSettings } from '../../api/settings/update-settings';
import { SettingsPage } from '../settings-page';
import { audioBridgeToggles, chatToggles, defaultMeetingOptions, meetingToggles, type MeetingMode } from '../../utils/meeting-options';
import { showSubmitError } from '@portal/forms';

const MAX_MODES = 50;

type FormValues = { modes: (MeetingMode & { key: string })[] };

let nextKey = 0;
const withKey = (mode: MeetingMode) => ({ ...mode, key: `mode-${nextKey++}` });

/**
 * Meeting settings (super administrator): named meeting modes, each a full set of the meeting
 * option toggles of spec section 9. Modes are added, edited and deleted here and saved together.
 */
export function MeetingSettingsScreen() {
  return (
    <SettingsPage section="meeting">
      {(stored) => <MeetingModesForm key={stored.updatedAt ?? 'new'} stored={stored} />}
    </SettingsPage>
  );
}

function MeetingModesForm({ stored }: { stored: StoredSettings<'meeting'> }) {
  const { t, i18n } = useLingui();
  const update = useUpdateSettings('meeting');
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: { modes: (stored.values?.modes ?? []).map(withKey) },
    validate: {
      modes: {
        name: (value, values) => {
          const name = value.trim();
          if (!name) return t`This field is required`;
          if (name.length > 50) return t`This value is too long`;
          return values.modes.filter((mode) => mode.name.trim().toLowerCase() === name.toLowerCase()).length > 1 ? t`This name is already taken` : null;
        },
      },
    },
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await update.mutateAsync({ modes: values.modes.map(({ key: _key, name, options }) => ({ name: name.trim(), options })) });
      notify.success(t`Settings saved successfully`);
    } catch (error) {
      showSubmitError(form, error, i18n, { pathOf: (field) => (/^modes\.\d+\.name$/.test(field) ? field : null) });
    }
  });

  const addMode = () => form.insertListItem('modes', withKey({ name: '', options: defaultMeetingOptions() }));

  return (
    <form onSubmit={submit} noValidate aria-label={t`Meeting modes`}>
      <Stack gap="md">
        {form.values.modes.length === 0 ? (
          <Paper withBorder p="lg">
            <Text ta="center" c="dimmed">
              <Trans>There are no meeting modes!</Trans>
            </Text>
          </Paper>
        ) : null}
        {form.values.modes.map((mode, index) => {
          const path = `modes.${index}` as const;
          const title = mode.name.trim() || t`New mode`;
          return (
            <Fieldset key={mode.key} legend={title} aria-label={title}>
              <Stack gap="sm">
                <Group align="flex-end" wrap="nowrap">
                  <TextInput flex={1} label={t`Mode name`} required autoComplete="off" {...form.getInputProps(`${path}.name`)} />
                  <ActionIcon variant="subtle" color="red" size="lg" mb={4} aria-label={t`Delete mode ${title}`} onClick={() => form.removeListItem('modes', index)}>
                    <IconTrash size={18} aria-hidden="true" />
                  </ActionIcon>
                </Group>
                <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="xs">
                  {meetingToggles.map((toggle) => (
                    <Switch key={toggle.key} label={i18n._(toggle.label)} {...form.getInputProps(`${path}.options.${toggle.key}`, { type: 'checkbox' })} />
                  ))}
                </SimpleGrid>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  <Checkbox.Group label={t`Audio bridge`} value={audioBridgeToggles.filter((c) => mode.options.audioBridge[c.key]).map((c) => c.key)} onChange={(keys) => {
                    for (const c of audioBridgeToggles) form.setFieldValue(`${path}.options.audioBridge.${c.key}`, keys.includes(c.key));
                  }}>
                    <Stack gap={6} mt="xs">
                      {audioBridgeToggles.map((c) => (
                        <Checkbox key={c.key} value={c.key} label={i18n._(c.label)} />
                      ))}
                    </Stack>
                  </Checkbox.Group>
                  <Checkbox.Group label={t`Chat`} value={chatToggles.filter((c) => mode.options.chat[c.key]).map((c) => c.key)} onChange={(keys) => {
                    for (const c of chatToggles) form.setFieldValue(`${path}.options.chat.${c.key}`, keys.includes(c.key));
                  }}>
                    <Stack gap={6} mt="xs">
                      {chatToggles.map((c) => (
                        <Checkbox key={c.key} value={c.key} label={i18n._(c.label)} />
                      ))}
                    </Stack>
                  </Checkbox.Group>
                  <Radio.Group label={t`Screen share`} {...form.getInputProps(`${path}.options.screenShare`)}>
                    <Stack gap={6} mt="xs">
                      <Radio value="host" label={t`Host only`} />
                      <Radio value="all" label={t`All participants`} />
                    </Stack>
                  </Radio.Group>
                  <Radio.Group label={t`Annotation`} {...form.getInputProps(`${path}.options.annotation`)}>
                    <Stack gap={6} mt="xs">
                      <Radio value="all" label={t`All participants`} />
                      <Radio value="sharer" label={t`Only the sharer`} />
                    </Stack>
                  </Radio.Group>
                </SimpleGrid>
              </Stack>
            </Fieldset>
          );
        })}
        <Group justify="space-between">
          <Button variant="default" leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={addMode} disabled={form.values.modes.length >= MAX_MODES}>
            <Trans>Add mode</Trans>
          </Button>
          <Button type="submit" loading={update.isPending}>
            <Trans>Save</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
