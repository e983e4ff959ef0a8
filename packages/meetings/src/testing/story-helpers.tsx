import type { Decorator } from '@storybook/react-vite';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createMemoryRouter, useLocation } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { directionOf, i18n, type Language } from '@portal/i18n';
import { UiTestProviders, useEnclosingI18n } from '@portal/ui-kit/testing';
import { createTestQueryClient } from '@portal/auth/testing';

function LocationDisplay() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/**
 * Providers around a meetings story: Mantine, Lingui, a fresh query cache and a memory router
 * with the story at `parameters.route` (pattern, default `/`) opened at `parameters.entry`;
 * every other path shows where the screen navigated as the `location` test id. With
 * `parameters.language` the portal's real catalogs render (Arabic right to left).
 */
export const withMeetingsProviders: Decorator = (Story, { parameters }) => {
  const language = parameters.language as Language | undefined;
  const route = (parameters.route as string | undefined) ?? '/';
  const entry = (parameters.entry as string | undefined) ?? route;
  return (
    <MeetingsFrame language={language} route={route} entry={entry}>
      <Story />
    </MeetingsFrame>
  );
};

function MeetingsFrame({ language, route, entry, children }: { language: Language | undefined; route: string; entry: string; children: React.ReactNode }) {
  const enclosingI18n = useEnclosingI18n();
  const [client] = useState(() => createTestQueryClient(language ? i18n : enclosingI18n));
  const [router] = useState(() =>
    createMemoryRouter(
      [
        { path: route, element: children },
        { path: '*', element: <LocationDisplay /> },
      ],
      { initialEntries: [entry] },
    ),
  );
  return (
    <UiTestProviders dir={language ? directionOf(language) : undefined} i18n={language ? i18n : undefined}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </UiTestProviders>
  );
}

/** Gives the story a clipboard that remembers what was written (jsdom and headless browsers have none). */
export function installFakeClipboard(): { text: () => string } {
  let written = '';
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: {
      writeText: (text: string) => {
        written = text;
        return Promise.resolve();
      },
      readText: () => Promise.resolve(written),
    },
  });
  return { text: () => written };
}
