import { setupI18n, type I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { DirectionProvider, MantineProvider } from '@mantine/core';
import { useMemo, useState, type ReactNode } from 'react';
import { NotificationsHost } from '../notifications';
import { createPortalTheme, type PortalBranding } from '../theme';

/** An English Lingui instance with an empty catalog: every message renders its source text. */
export function createTestI18n(locale = 'en'): I18n {
  return setupI18n({ locale, messages: { [locale]: {} } });
}

export type UiTestProvidersProps = {
  children: ReactNode;
  branding?: PortalBranding;
  dir?: 'ltr' | 'rtl';
  i18n?: I18n;
  /** Mantine's `test` env renders without transitions or portals, which keeps tests synchronous. */
  env?: 'default' | 'test';
};

/** MantineProvider (portal theme) + Lingui + NotificationsHost, for tests and stories. */
export function UiTestProviders({ children, branding, dir = 'ltr', i18n, env = 'test' }: UiTestProvidersProps) {
  const [fallbackI18n] = useState(createTestI18n);
  const theme = useMemo(() => createPortalTheme(branding), [branding]);
  return (
    <DirectionProvider initialDirection={dir} detectDirection={false}>
      <MantineProvider theme={theme} env={env}>
        <I18nProvider i18n={i18n ?? fallbackI18n}>
          <NotificationsHost />
          <div dir={dir}>{children}</div>
        </I18nProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}
