import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { createMemoryRouter, useLocation } from 'react-router';
import type { RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { directionOf, i18n, isLanguage } from '@portal/i18n';
import type { I18n } from '@lingui/core';
import { createTestI18n, UiTestProviders, useEnclosingI18n } from '@portal/ui-kit/testing';
import { createMutationCache } from '@portal/forms';

/**
 * A query client for tests and stories: no retries, and the portal's default error notice of a
 * failed mutation in `i18n` (the source texts unless a story renders a language). A query that
 * asks for its own retries (the session retries a failing server twice) retries at once, so a
 * story's check does not wait out the real backoff of several seconds.
 */
export function createTestQueryClient(i18n: I18n = createTestI18n()): QueryClient {
  return new QueryClient({
    mutationCache: createMutationCache(() => i18n),
    defaultOptions: { queries: { retry: false, retryDelay: 0, gcTime: Infinity }, mutations: { retry: false } },
  });
}

/** Shows where the router is, so tests can assert redirects: `/login?redirect=%2Fuser`. */
export function LocationDisplay() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export type AuthTestFrameProps = {
  /** The screen under test, rendered for `path`. */
  children: ReactNode;
  /** Route pattern of the screen; every other path renders a `LocationDisplay`. */
  path: string;
  initialEntry?: string;
  routes?: RouteObject[];
  queryClient?: QueryClient;
};

/** Mantine, Lingui, TanStack Query and a memory data router around one screen, for tests and stories. */
export function AuthTestFrame({ children, path, initialEntry = path, routes = [], queryClient }: AuthTestFrameProps) {
  // Storybook's preview activates the portal catalogs (and Arabic's direction); plain tests
  // render the source texts left to right.
  const language = isLanguage(i18n.locale) ? i18n.locale : undefined;
  const enclosingI18n = useEnclosingI18n();
  const [client] = useState(() => queryClient ?? createTestQueryClient(language ? i18n : enclosingI18n));
  const [router] = useState(() =>
    createMemoryRouter([{ path, element: children }, ...routes, { path: '*', element: <LocationDisplay /> }], {
      initialEntries: [initialEntry],
    }),
  );
  return (
    <UiTestProviders i18n={language ? i18n : undefined} dir={language ? directionOf(language) : undefined}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </UiTestProviders>
  );
}
