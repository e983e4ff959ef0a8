import { setupI18n, type I18n } from '@lingui/core';
import { I18nProvider, LinguiContext } from '@lingui/react';
import { DirectionProvider, MantineContext, MantineProvider, useDirection } from '@mantine/core';
import { use, useMemo, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { NotificationsHost } from '../notifications';
import { createPortalTheme, type PortalBranding } from '../theme';

/** An English Lingui instance with an empty catalog: every message renders its source text. */
export function createTestI18n(locale = 'en'): I18n {
  return setupI18n({ locale, messages: { [locale]: {} } });
}

/**
 * The Lingui instance of an enclosing `I18nProvider`, if any. In Storybook that is the preview's:
 * the portal's real catalogs in the toolbar's language. Test frames that make their own query
 * client use it for the texts of error notices.
 */
export function useEnclosingI18n(): I18n | undefined {
  return use(LinguiContext)?.i18n;
}

export type UiTestProvidersProps = {
  children: ReactNode;
  branding?: PortalBranding;
  /** Defaults to the enclosing direction (Storybook's toolbar: right to left in Arabic), else left to right. */
  dir?: 'ltr' | 'rtl';
  /** Defaults to the enclosing provider's (Storybook: the real catalogs), else an empty English catalog. */
  i18n?: I18n;
  /** Mantine's `test` env renders without transitions or portals, which keeps tests synchronous. */
  env?: 'default' | 'test';
};

/**
 * MantineProvider (portal theme) + Lingui + NotificationsHost, for tests and stories. Inside
 * Storybook's preview it follows the toolbar: the enclosing Lingui instance (real catalogs in the
 * chosen language), direction and dark color scheme; in a plain test the source texts show, left to right.
 */
export function UiTestProviders({ children, branding, dir, i18n, env = 'test' }: UiTestProvidersProps) {
  const [fallbackI18n] = useState(createTestI18n);
  const enclosingI18n = useEnclosingI18n();
  const enclosingDir = useDirection().dir;
  const enclosingScheme = use(MantineContext)?.colorScheme;
  const direction = dir ?? enclosingDir;
  const theme = useMemo(() => createPortalTheme(branding), [branding]);
  return (
    <DirectionProvider initialDirection={direction} detectDirection={false}>
      <MantineProvider theme={theme} env={env} forceColorScheme={enclosingScheme === 'dark' ? 'dark' : undefined}>
        <I18nProvider i18n={i18n ?? enclosingI18n ?? fallbackI18n}>
          {/* In Storybook (an enclosing provider) snackbars sit in the page's body, outside the story's
              canvas, as the portal's do; in a plain test they stay in place. */}
          {enclosingI18n && typeof document !== 'undefined' ? createPortal(<NotificationsHost />, document.body) : <NotificationsHost />}
          <div dir={direction}>{children}</div>
        </I18nProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}
