import type { Decorator } from '@storybook/react-vite';
import { useState, type ReactNode } from 'react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { LocationDisplay } from './auth-test-frame';

/**
 * A decorator putting a story in a memory router: the story renders at `parameters.route` (pattern,
 * `defaultRoute` without it) opened at `parameters.entry`; any other path shows where the screen
 * navigated to (`LocationDisplay`). Put it before `withAdminProviders` in `decorators` so the
 * providers wrap the router.
 */
export function withStoryRouter(defaultRoute = '/'): Decorator {
  return (Story, { parameters }) => {
    const route = (parameters.route as string | undefined) ?? defaultRoute;
    const entry = (parameters.entry as string | undefined) ?? route;
    return <StoryRouter route={route} entry={entry} story={<Story />} />;
  };
}

function StoryRouter({ route, entry, story }: { route: string; entry: string; story: ReactNode }) {
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
