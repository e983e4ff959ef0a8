import { Button, Fieldset, Group, Select, SimpleGrid } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { activateLanguage, dateFormats, formatDate, formatTime, isLanguage, supportedLanguages, timeFormats, useFormatStore, useLanguageStore } from '@portal/i18n';
import { notify } from '@portal/ui-kit';
import type { Profile } from '../../../api/use-profile';
import { useUpdateProfile } from '../../../api/use-update-profile';
import { profileMessages } from '../profile-messages';
import { showSaveError } from './apply-field-errors';
import { SectionCard } from './section-card';

type Values = { language: string | null; timeZone: string | null; dateFormat: string | null; timeFormat: string | null };

function timeZoneNames(): string[] {
  try {
    return [...Intl.supportedValuesOf('timeZone'), 'UTC'];
  } catch {
    return ['UTC'];
  }
}

// A fixed moment shows what each format looks like.
const sample = new Date(Date.UTC(2026, 11, 31, 16, 45));

export type PreferencesFormProps = {
  profile: Profile;
  /** Shown, not editable: the user's roles do not hold `user.profile.update` (fields disabled, no Save). */
  readOnly?: boolean;
};

/** Language, time zone and date/time formats; they apply to the whole portal as soon as they are saved. */
export function PreferencesForm({ profile, readOnly = false }: PreferencesFormProps) {
  const { t, i18n } = useLingui();
  const update = useUpdateProfile();
  const language = useLanguageStore((state) => state.language);
  const zones = useMemo(timeZoneNames, []);
  const form = useForm<Values>({
    mode: 'uncontrolled',
    initialValues: { language: profile.language ?? language, timeZone: profile.timeZone, dateFormat: profile.dateFormat, timeFormat: profile.timeFormat },
  });

  const submit = form.onSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync({
        language: isLanguage(values.language) ? values.language : null,
        timeZone: values.timeZone,
        dateFormat: (dateFormats as readonly (string | null)[]).includes(values.dateFormat) ? (values.dateFormat as Profile['dateFormat']) : null,
        timeFormat: (timeFormats as readonly (string | null)[]).includes(values.timeFormat) ? (values.timeFormat as Profile['timeFormat']) : null,
      });
      useFormatStore.getState().setFormats(saved);
      if (saved.language) {
        useLanguageStore.getState().setLanguage(saved.language);
        // Said in the language just chosen: wait until its catalog is active.
        await activateLanguage(saved.language);
      }
      form.resetDirty(values);
      notify.success(i18n._(profileMessages.profileUpdated));
    } catch (error) {
      showSaveError(error, form, i18n, { timeZone: 'timeZone', language: 'language', dateFormat: 'dateFormat', timeFormat: 'timeFormat' }, {
        invalid_time_zone: i18n._(profileMessages.invalidTimeZone),
      });
    }
  });

  const noPreference = { dateFormat: null, timeFormat: null, timeZone: 'UTC' } as const;
  return (
    <SectionCard title={<Trans>Preferences</Trans>} description={<Trans>Language and formats apply across the portal as soon as you save them.</Trans>}>
      <form onSubmit={submit} noValidate aria-label={t`Preferences`}>
        <Fieldset variant="unstyled" disabled={readOnly}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Select
              label={t`Language`}
              data={supportedLanguages.map((option) => ({ value: option.code, label: option.name }))}
              allowDeselect={false}
              key={form.key('language')}
              {...form.getInputProps('language')}
            />
            <Select
              label={t`Time zone`}
              placeholder={t`Your device's time zone`}
              data={zones}
              searchable
              clearable
              limit={100}
              nothingFoundMessage={t`No results..`}
              key={form.key('timeZone')}
              {...form.getInputProps('timeZone')}
            />
            <Select
              label={t`Date format`}
              placeholder={t`As the language writes it`}
              data={dateFormats.map((format) => ({ value: format, label: `${format} (${formatDate(sample, language, { ...noPreference, dateFormat: format })})` }))}
              clearable
              key={form.key('dateFormat')}
              {...form.getInputProps('dateFormat')}
            />
            <Select
              label={t`Time format`}
              placeholder={t`As the language writes it`}
              data={timeFormats.map((format) => ({
                value: format,
                label: `${format === 'HH:mm' ? t`24-hour` : t`12-hour`} (${formatTime(sample, language, { ...noPreference, timeFormat: format })})`,
              }))}
              clearable
              key={form.key('timeFormat')}
              {...form.getInputProps('timeFormat')}
            />
          </SimpleGrid>
        </Fieldset>
        {readOnly ? null : (
          <Group justify="flex-end" mt="md">
            <Button type="submit" loading={update.isPending}>
              <Trans>Save preferences</Trans>
            </Button>
          </Group>
        )}
      </form>
    </SectionCard>
  );
}
