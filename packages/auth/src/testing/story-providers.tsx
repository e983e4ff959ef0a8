import type { Decorator } from '@storybook/react-vite';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { activateLanguage, directionOf, i18n, type Language } from '@portal/i18n';
import { UiTestProviders, useEnclosingI18n } from '@portal/ui-kit/testing';
import { createTestQueryClient } from './auth-test-frame';

/**
 * Providers around an administration story with a fresh query cache. A story's
 * `parameters.language` renders it with the portal's real catalogs in that language (Arabic right
 * to left); without it the story follows Storybook's toolbar language (the source texts in plain tests).
 */
export const withAdminProviders: Decorator = (Story, { parameters }) => {
  const language = parameters.language as Language | undefined;
  return (
    <AdminProviders language={language}>
      <Story />
    </AdminProviders>
  );
};

function AdminProviders({ language, children }: { language: Language | undefined; children: React.ReactNode }) {
  const enclosingI18n = useEnclosingI18n();
  const [client] = useState(() => createTestQueryClient(language ? i18n : enclosingI18n));
  return (
    <UiTestProviders dir={language ? directionOf(language) : undefined} i18n={language ? i18n : undefined}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </UiTestProviders>
  );
}

/** A loader activating `language` in the portal's i18n before the story renders. */
export const languageLoader = (language: Language) => async () => {
  await activateLanguage(language);
  return {};
};
