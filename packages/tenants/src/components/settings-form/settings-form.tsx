import { Alert, Box, Button, Group, Paper, Radio, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { notify, PasswordField } from '@portal/ui-kit';
import type { SettingsSection, StoredSettings } from '../../api/settings/get-settings';
import { useUpdateSettings, type SettingsInputOf } from '../../api/settings/update-settings';
import { SettingsPage } from '../settings-page';
import { fieldMessage, initialFormValues, selectOptions, settingsBody, type FormValues, type SettingsField } from './settings-fields';
import { showSubmitError } from '@portal/forms';

export type SettingsFormProps = {
  section: SettingsSection;
  title: string;
  fields: readonly SettingsField[];
  /** What the portal does (or does not do) with the section, above its fields. */
  notice?: string;
};

/**
 * One platform settings section as a form built from its field list: loads the stored values,
 * checks each field with the section's rules, saves, and maps server field errors back onto the
 * fields. Secrets show only whether they are set and are kept unless a new value is typed; an
 * optional one that is set has a Remove button, and the save after it sends null (cleared).
 */
export function SettingsForm({ section, title, fields, notice }: SettingsFormProps) {
  return (
    <SettingsPage section={section} title={title}>
      {(stored) => (
        <Stack gap="md">
          {notice ? (
            <Alert variant="light" color="yellow">
              {notice}
            </Alert>
          ) : null}
          <LoadedSettingsForm key={stored.updatedAt ?? 'new'} section={section} fields={fields} stored={stored} title={title} />
        </Stack>
      )}
    </SettingsPage>
  );
}

type LoadedProps = SettingsFormProps & { stored: StoredSettings<SettingsSection> };

function LoadedSettingsForm({ section, fields, stored, title }: LoadedProps) {
  const { t, i18n } = useLingui();
  const update = useUpdateSettings(section);
  const storedValues = stored.values as Record<string, unknown> | null;
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: initialFormValues(fields, storedValues),
    validate: (values) => {
      const errors: Record<string, string> = {};
      for (const field of fields) {
        const message = fieldMessage(field, values);
        if (message) errors[field.name] = i18n._(message);
        // A required secret must be typed once; afterwards the stored one is kept.
        if (field.kind === 'secret' && field.required && values[field.name] === '' && !storedValues?.[field.name]) errors[field.name] = t`This field is required`;
      }
      return errors;
    },
  });

  // Optional stored secrets the next save clears. The form is keyed by the save time, so a
  // successful save starts again from an empty set.
  const [removed, setRemoved] = useState<ReadonlySet<string>>(() => new Set());
  const toggleRemoved = (name: string) => {
    const next = new Set(removed);
    if (next.has(name)) next.delete(name);
    else {
      next.add(name);
      form.setFieldValue(name, '');
    }
    setRemoved(next);
  };

  const submit = form.onSubmit(async (values) => {
    try {
      await update.mutateAsync(settingsBody(fields, values, removed) as SettingsInputOf[typeof section]);
      notify.success(t`Settings saved successfully`);
    } catch (error) {
      showSubmitError(form, error, i18n, { pathOf: (field) => (fields.some((f) => f.name === field) ? field : null) });
    }
  });

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} component="form" onSubmit={submit} noValidate aria-label={title}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {fields.map((field) => {
            const label = i18n._(field.label);
            const description = field.description ? i18n._(field.description) : undefined;
            switch (field.kind) {
              case 'yes-no': {
                const props = form.getInputProps(field.name);
                return (
                  <Radio.Group key={field.name} label={label} description={description} value={props.value ? 'true' : 'false'} onChange={(value) => form.setFieldValue(field.name, value === 'true')}>
                    <Group mt="xs">
                      <Radio value="true" label={t`True`} />
                      <Radio value="false" label={t`False`} />
                    </Group>
                  </Radio.Group>
                );
              }
              case 'switch':
                return <Switch key={field.name} label={label} description={description} mt="md" {...form.getInputProps(field.name, { type: 'checkbox' })} />;
              case 'select':
                return (
                  <Select
                    key={field.name}
                    label={label}
                    description={description}
                    allowDeselect={false}
                    data={selectOptions(field).map((option) => ({ value: option.value, label: i18n._(option.label) }))}
                    {...form.getInputProps(field.name)}
                  />
                );
              case 'secret': {
                const isSet = Boolean(storedValues?.[field.name]);
                // A required secret can only be replaced; an optional one can also be removed.
                const removable = isSet && !field.required;
                const removing = removable && removed.has(field.name);
                const status = removing
                  ? t`Removed when you save. Type a new value to replace it instead.`
                  : isSet
                    ? t`Leave empty to keep the stored value.`
                    : description;
                return (
                  <PasswordField
                    key={field.name}
                    label={label}
                    required={field.required}
                    dir="ltr"
                    autoComplete="new-password"
                    placeholder={isSet && !removing ? t`•••••• (set)` : undefined}
                    // Announced when Remove or Undo changes it, without moving the focus.
                    description={removable ? <span aria-live="polite">{status}</span> : status}
                    inputContainer={
                      removable
                        ? (input) => (
                            <Group gap="xs" wrap="nowrap" align="flex-start">
                              <Box flex={1} miw={0}>
                                {input}
                              </Box>
                              <Button
                                variant={removing ? 'default' : 'light'}
                                color={removing ? undefined : 'red'}
                                aria-label={removing ? t`Undo removing ${label}` : t`Remove ${label}`}
                                onClick={() => toggleRemoved(field.name)}
                              >
                                {removing ? t`Undo` : t`Remove`}
                              </Button>
                            </Group>
                          )
                        : undefined
                    }
                    {...form.getInputProps(field.name)}
                  />
                );
              }
              default:
                return (
                  <TextInput
                    key={field.name}
                    label={label}
                    description={description}
                    required={field.required}
                    inputMode={field.kind === 'number' ? 'numeric' : undefined}
                    dir={field.kind === 'number' || (field.kind === 'text' && field.ltr) ? 'ltr' : undefined}
                    autoComplete="off"
                    {...form.getInputProps(field.name)}
                  />
                );
            }
          })}
        </SimpleGrid>
        {stored.updatedAt ? (
          <Text size="sm" c="dimmed">
            <Trans>Last saved {i18n.date(stored.updatedAt, { dateStyle: 'medium', timeStyle: 'short' })}</Trans>
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            <Trans>Save</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
