import type { Decorator } from '@storybook/react-vite';
import { useState } from 'react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { LocationDisplay } from '@portal/auth/testing';

/**
 * A memory router around a catalogue story: the story renders at `parameters.route` (pattern)
 * opened at `parameters.entry`; any other path shows where the screen navigated to
 * (`LocationDisplay`). Put it before `withAdminProviders` in `decorators` so the providers wrap the router.
 */
export const withCatalogueRouter: Decorator = (Story, { parameters }) => {
  const route = (parameters.route as string | undefined) ?? '/';
  const entry = (parameters.entry as string | undefined) ?? route;
  return <StoryRouter route={route} entry={entry} story={<Story />} />;
};

function StoryRouter({ route, entry, story }: { route: string; entry: string; story: React.ReactNode }) {
  const [router] = useState(() =>
    createMemoryRouter(
      [
        { path: route, element: story },
        { path: '*', element: <LocationDisplay /> },
      ],
      { initialEntries: [entry] },
    ),
  );
  return <RouterProvider router={router} />;
}
