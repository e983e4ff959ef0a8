import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { authRoutes, postLoginRedirect, SESSION_STORAGE_KEYS, useSessionStore } from '@portal/auth';
import { createTestQueryClient, fakeCurrentUser, fakePermissionTree, fakeTenantInfo, installFakeApi, json, LocationDisplay, problem } from '@portal/auth/testing';
import type { FakeRoutes } from '@portal/auth/testing';
import { PageLoader } from '@portal/ui-kit';
import { UiTestProviders } from '@portal/ui-kit/testing';
import { appsIntegrationsRoutes } from './apps-integrations-routes';

/** A visitor who is signed out until they sign in on the real login page. */
function signInAbleApi(): FakeRoutes {
  let signedIn = false;
  return {
    'POST /tenant-info': json(fakeTenantInfo()),
    'POST /auth/login': () => {
      signedIn = true;
      return json({ firstname: 'Ada', lastname: 'Lovelace', profile_picture: null, email: 'ada@acme.test', change_password: false, tmpid: null, csrfToken: 'csrf' });
    },
    'GET /me': () => (signedIn ? json(fakeCurrentUser()) : problem(401, 'unauthenticated')),
    'GET /me/permissions': () => (signedIn ? json(fakePermissionTree()) : problem(401, 'unauthenticated')),
  };
}

function visit(entry: string, api: FakeRoutes = signInAbleApi()) {
  installFakeApi(api);
  const router = createMemoryRouter(
    [{ hydrateFallbackElement: <PageLoader />, children: [...appsIntegrationsRoutes, ...authRoutes, { path: '*', element: <LocationDisplay /> }] }],
    { initialEntries: [entry] },
  );
  render(
    <UiTestProviders>
      <QueryClientProvider client={createTestQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </UiTestProviders>,
  );
  return router;
}

const storedRequest = (key: string) => JSON.parse(window.sessionStorage.getItem(key) ?? 'null') as unknown;

// Compiling the lazy screens on first use can outlast a query's timeout on a busy machine.
beforeAll(async () => {
  for (const route of [...appsIntegrationsRoutes, ...authRoutes]) if (typeof route.lazy === 'function') await route.lazy();
});

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  useSessionStore.getState().hydrate();
});

describe('appsIntegrationsRoutes', () => {
  it('serves slack-authorization and google-addon', () => {
    expect(appsIntegrationsRoutes.map((route) => route.path)).toEqual(['slack-authorization', 'google-addon']);
  });

  it('stores exactly the Slack parameters and flag of a signed-out visit and lands on login', async () => {
    const router = visit('/slack-authorization?state=st-1&client_id=slack-app&response_type=code&redirect_uri=https%3A%2F%2Fevil.example');
    expect(await screen.findByRole('button', { name: 'Login' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('');
    expect(storedRequest(SESSION_STORAGE_KEYS.slackRequest)).toEqual({ state: 'st-1', client_id: 'slack-app', response_type: 'code' });
    expect(window.sessionStorage.getItem(SESSION_STORAGE_KEYS.slack)).toBe('enabled');
    expect(window.sessionStorage.getItem(SESSION_STORAGE_KEYS.googleAddOnRequest)).toBeNull();
  });

  it('overwrites the stored request on a second signed-out visit', async () => {
    visit('/slack-authorization?state=st-1&client_id=slack-app&response_type=code');
    await screen.findByRole('button', { name: 'Login' });
    cleanup();
    visit('/slack-authorization?state=st-2&client_id=other-app');
    await screen.findByRole('button', { name: 'Login' });
    expect(storedRequest(SESSION_STORAGE_KEYS.slackRequest)).toEqual({ state: 'st-2', client_id: 'other-app', response_type: null });
  });

  it('stores only the state of a signed-out Google add-on visit', async () => {
    const router = visit('/google-addon?state=g-1&client_id=ignored');
    await screen.findByRole('button', { name: 'Login' });
    expect(router.state.location.pathname).toBe('/login');
    expect(storedRequest(SESSION_STORAGE_KEYS.googleAddOnRequest)).toEqual({ state: 'g-1' });
    expect(useSessionStore.getState().flags).toEqual({ slack: false, googleAddOn: true, billing: false });
  });

  it('clears the flag of a signed-in visit and keeps the stored request', async () => {
    useSessionStore.getState().setGoogleAddOnRequest({ state: 'g-1' });
    useSessionStore.getState().setFlag('googleAddOn', true);
    visit('/google-addon', { 'POST /tenant-info': json(fakeTenantInfo()), 'GET /me': json(fakeCurrentUser()) });
    expect(await screen.findByText('Oops. This page has gone missing.')).toBeVisible();
    await waitFor(() => expect(window.sessionStorage.getItem(SESSION_STORAGE_KEYS.googleAddOn)).toBeNull());
    expect(useSessionStore.getState().googleAddOnRequest).toEqual({ state: 'g-1' });
  });

  it('returns to Slack authorization after signing in, and stops returning there', async () => {
    const router = visit('/slack-authorization?state=st-1&client_id=slack-app&response_type=code');
    await userEvent.type(await screen.findByLabelText(/Email/), 'ada@acme.test');
    expect(postLoginRedirect(useSessionStore.getState().flags, '/user')).toBe('/slack-authorization');
    await userEvent.type(screen.getByLabelText(/Password/), 'Secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Oops. This page has gone missing.')).toBeVisible();
    expect(router.state.location.pathname).toBe('/slack-authorization');
    await waitFor(() => expect(useSessionStore.getState().flags.slack).toBe(false));
    expect(postLoginRedirect(useSessionStore.getState().flags)).toBe('/landing-page');
    expect(useSessionStore.getState().slackRequest).toEqual({ state: 'st-1', client_id: 'slack-app', response_type: 'code' });
  });
});
