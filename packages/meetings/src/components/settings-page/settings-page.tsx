import { Stack, Title } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { problemText } from '@portal/forms';
import { ErrorState, PageLoader } from '@portal/ui-kit';
import { useSettings, type SettingsSection, type StoredSettings } from '../../api/settings/get-settings';

export type SettingsPageProps<S extends SettingsSection> = {
  section: S;
  /** The section's form, given the stored values; it is mounted afresh after each save. */
  children: (stored: StoredSettings<S>) => ReactNode;
};

/** The frame of the meeting and recording settings: title, then loading, failure or the form. */
export function SettingsPage<S extends SettingsSection>({ section, children }: SettingsPageProps<S>) {
  const { t, i18n } = useLingui();
  const settings = useSettings(section);
  const title = section === 'meeting' ? t`Meeting settings` : t`Recording settings`;
  let body: ReactNode;
  if (settings.isPending) body = <PageLoader h={240} />;
  else if (settings.isError) body = <ErrorState message={problemText(settings.error, i18n)} actionLabel={t`Retry`} onAction={() => void settings.refetch()} />;
  else body = children(settings.data);
  return (
    <Stack gap="md">
      <Title order={2}>{title}</Title>
      {body}
    </Stack>
  );
}
