import { render, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { createTestQueryClient, fakeCurrentUser, fakeTenantInfo, installFakeApi, json } from '@portal/auth/testing';
import { PageLoader } from '@portal/ui-kit';
import { UiTestProviders } from '@portal/ui-kit/testing';
import { meetingsRoutes } from './meetings-routes';

describe('meetingsRoutes', () => {
  it('serves the landing page lazily with the release the portal passes in', async () => {
    installFakeApi({ getTenantInfo: json(fakeTenantInfo()), getCurrentUser: json(fakeCurrentUser()) });
    const routes = meetingsRoutes({ version: '4.4.0', build: '20231111' });
    expect(routes.map((route) => route.path)).toEqual([
      'landing-page',
      'launch-page',
      'join/:code',
      'recording/:token',
      'upcoming-meetings',
      'open-meetings',
      'past-meetings',
      'schedule-meeting',
      'schedule-meeting/:meetingid',
      'update-meetings',
      'personal-meeting',
      'dashboard',
      'live-meeting',
      'completed-meetings',
      'feedback',
      'meeting-state',
      'meeting-log',
      'cloud-recordings',
      'recordings',
      'local-recordings',
      'meeting-settings',
      'meetingconfig-config',
      'recording-settings',
    ]);
    // Compiling the lazy screen on first use can outlast a query's timeout on a busy machine.
    for (const route of routes) if (typeof route.lazy === 'function') await route.lazy();
    const router = createMemoryRouter([{ hydrateFallbackElement: <PageLoader />, children: routes }], { initialEntries: ['/landing-page'] });
    render(
      <UiTestProviders>
        <QueryClientProvider client={createTestQueryClient()}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </UiTestProviders>,
    );
    expect(await screen.findByRole('button', { name: 'Join a meeting' })).toBeVisible();
    expect(screen.getByText('Version 4.4.0')).toBeVisible();
    expect(screen.getByText('Build 20231111')).toBeVisible();
  });
});
