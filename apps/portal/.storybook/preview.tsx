import '../src/styles.css';
import { DirectionProvider, MantineProvider } from '@mantine/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Decorator, Preview } from '@storybook/react-vite';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { configure } from 'storybook/test';
import { activateLanguage, directionOf, i18n, isLanguage } from '@portal/i18n';
import { createMutationCache } from '@portal/forms';
import { createPortalTheme } from '@portal/ui-kit';

/** `parameters.router`: wrap the story in a MemoryRouter at these entries (stories with their own router omit it). */
export type StoryRouterParameter = { initialEntries?: string[] };

const theme = createPortalTheme();

// As in the packages' jsdom tests (tooling/vitest/setup-dom.ts): CI plays the stories in Chromium on
// two cores that other steps share, and a screen can take more than Testing Library's default 1 s
// to show what a play function looks for (CI once missed a profile's session list so).
configure({ asyncUtilTimeout: 5_000 });

type ColorScheme = 'light' | 'dark';

/**
 * The frame of every story: the real compiled catalogs in the toolbar's language (the loader
 * activates them), its direction and color scheme. Test helpers of the packages
 * (ui-kit/testing UiTestProviders and the frames built on it) inherit all three from here.
 */
function StoryProviders({ children, dir, scheme }: { children: ReactNode; dir: 'ltr' | 'rtl'; scheme: ColorScheme }) {
  // One client per story, so cached answers never leak from one story to the next.
  const [queryClient] = useState(() => new QueryClient({ mutationCache: createMutationCache(() => i18n), defaultOptions: { queries: { retry: false, retryDelay: 0 } } }));
  return (
    <DirectionProvider initialDirection={dir} detectDirection={false}>
      <MantineProvider theme={theme} forceColorScheme={scheme}>
        <I18nProvider i18n={i18n}>
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        </I18nProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}

const withProviders: Decorator = (Story, context) => {
  const locale = isLanguage(context.globals.locale) ? context.globals.locale : 'en';
  const scheme: ColorScheme = context.globals.theme === 'dark' ? 'dark' : 'light';
  const router = context.parameters.router as StoryRouterParameter | undefined;
  const story = <Story />;
  return (
    <StoryProviders key={`${locale}-${scheme}`} dir={directionOf(locale)} scheme={scheme}>
      {router ? <MemoryRouter initialEntries={router.initialEntries ?? ['/']}>{story}</MemoryRouter> : story}
    </StoryProviders>
  );
};

const preview: Preview = {
  globalTypes: {
    locale: {
      description: 'Portal language (Arabic shows the right-to-left layout)',
      toolbar: {
        icon: 'globe',
        dynamicTitle: true,
        items: [
          { value: 'en', title: 'English' },
          { value: 'fr', title: 'Français' },
          { value: 'ar', title: 'العربية' },
          { value: 'uz', title: 'Oʻzbekcha' },
        ],
      },
    },
    theme: {
      description: 'Light or dark color scheme',
      toolbar: {
        icon: 'mirror',
        dynamicTitle: true,
        items: [
          { value: 'light', title: 'Light', icon: 'sun' },
          { value: 'dark', title: 'Dark', icon: 'moon' },
        ],
      },
    },
  },
  initialGlobals: { locale: 'en', theme: 'light' },
  loaders: [
    async ({ globals }) => {
      await activateLanguage(isLanguage(globals.locale) ? globals.locale : 'en');
      return {};
    },
  ],
  decorators: [withProviders],
  parameters: {
    layout: 'padded',
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    options: {
      // The welcome page, then the shared packages, then the feature packages.
      storySort: { order: ['Welcome', 'ui-kit', 'i18n', 'api-client', '*'] },
    },
  },
};

export default preview;
