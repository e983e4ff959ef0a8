import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { createMemoryRouter, useLocation } from 'react-router';
import type { RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { directionOf, i18n, isLanguage } from '@portal/i18n';
import { UiTestProviders } from '@portal/ui-kit/testing';

export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
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
  const [client] = useState(() => queryClient ?? createTestQueryClient());
  const [router] = useState(() =>
    createMemoryRouter([{ path, element: children }, ...routes, { path: '*', element: <LocationDisplay /> }], {
      initialEntries: [initialEntry],
    }),
  );
  // Storybook's preview activates the portal catalogs (and Arabic's direction); plain tests
  // render the source texts left to right.
  const language = isLanguage(i18n.locale) ? i18n.locale : undefined;
  return (
    <UiTestProviders i18n={language ? i18n : undefined} dir={language ? directionOf(language) : 'ltr'}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </UiTestProviders>
  );
}
