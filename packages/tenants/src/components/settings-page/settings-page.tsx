import { Stack, Title } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { ErrorState, PageLoader } from '@portal/ui-kit';
import { useSettings, type SettingsSection, type StoredSettings } from '../../api/settings/get-settings';
import { problemText } from '@portal/forms';

export type SettingsPageProps<S extends SettingsSection> = {
  section: S;
  title: string;
  /** The section's form, given the stored values; it is mounted afresh after each save. */
  children: (stored: StoredSettings<S>) => ReactNode;
};

/** The frame of every settings screen: title, loading and failure states around the section's form. */
export function SettingsPage<S extends SettingsSection>({ section, title, children }: SettingsPageProps<S>) {
  const { t, i18n } = useLingui();
  const settings = useSettings(section);
  return (
    <Stack gap="md">
      <Title order={2}>{title}</Title>
      {settings.isPending ? (
        <PageLoader h={240} />
      ) : settings.isError ? (
        <ErrorState message={problemText(settings.error, i18n)} actionLabel={t`Retry`} onAction={() => void settings.refetch()} />
      ) : (
        children(settings.data)
      )}
    </Stack>
  );
}
