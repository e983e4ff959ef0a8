import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { authRoutes, SESSION_STORAGE_KEYS, useSessionStore } from '@portal/auth';
import { createTestQueryClient, fakeCurrentUser, fakePermissionTree, fakeTenantInfo, installFakeApi, json, LocationDisplay, problem } from '@portal/auth/testing';
import type { FakeRoutes } from '@portal/auth/testing';
import { PageLoader } from '@portal/ui-kit';
import { UiTestProviders } from '@portal/ui-kit/testing';
import { billingRoutes } from './billing-routes';

const PLAN = '3f2b8c1e-0000-4000-8000-00000000a001';
const OTHER_PLAN = '3f2b8c1e-0000-4000-8000-00000000a002';
const SUBSCRIPTION = '3f2b8c1e-0000-4000-8000-00000000b001';

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
    [{ hydrateFallbackElement: <PageLoader />, children: [...billingRoutes, ...authRoutes, { path: '*', element: <LocationDisplay /> }] }],
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

const stored = (key: string) => window.sessionStorage.getItem(key);

// Compiling the lazy screens on first use can outlast a query's timeout on a busy machine.
beforeAll(async () => {
  for (const route of [...billingRoutes, ...authRoutes]) if (typeof route.lazy === 'function') await route.lazy();
});

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  useSessionStore.getState().hydrate();
});

describe('billingRoutes', () => {
  it('serves purchase-plan', () => {
    expect(billingRoutes.map((route) => route.path)).toEqual(['purchase-plan']);
  });

  it('stores the plan, the subscription and the billing flag of a signed-out visit and lands on login', async () => {
    const router = visit(`/purchase-plan?plan=${PLAN}&subscription=${SUBSCRIPTION}`);
    expect(await screen.findByRole('button', { name: 'Login' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
    expect(stored(SESSION_STORAGE_KEYS.selectedPlan)).toBe(PLAN);
    expect(stored(SESSION_STORAGE_KEYS.subscriptionUuid)).toBe(SUBSCRIPTION);
    expect(useSessionStore.getState().flags).toEqual({ slack: false, googleAddOn: false, billing: true });
  });

  it('overwrites the plan on a second visit and keeps a choice the new link lacks', async () => {
    visit(`/purchase-plan?plan=${PLAN}&subscription=${SUBSCRIPTION}`);
    await screen.findByRole('button', { name: 'Login' });
    cleanup();
    visit(`/purchase-plan?plan=${OTHER_PLAN}`);
    await screen.findByRole('button', { name: 'Login' });
    expect(stored(SESSION_STORAGE_KEYS.selectedPlan)).toBe(OTHER_PLAN);
    expect(stored(SESSION_STORAGE_KEYS.subscriptionUuid)).toBe(SUBSCRIPTION);
  });

  it('sets the flag even without a plan in the link', async () => {
    visit('/purchase-plan');
    await screen.findByRole('button', { name: 'Login' });
    expect(stored(SESSION_STORAGE_KEYS.billing)).toBe('enabled');
    expect(stored(SESSION_STORAGE_KEYS.selectedPlan)).toBeNull();
  });

  it('returns to the purchase after signing in, and stops returning there', async () => {
    const router = visit(`/purchase-plan?plan=${PLAN}`);
    await userEvent.type(await screen.findByLabelText(/Email/), 'ada@acme.test');
    await userEvent.type(screen.getByLabelText(/Password/), 'Secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Oops. This page has gone missing.')).toBeVisible();
    expect(router.state.location.pathname).toBe('/purchase-plan');
    await waitFor(() => expect(stored(SESSION_STORAGE_KEYS.billing)).toBeNull());
    expect(useSessionStore.getState().selectedPlan).toBe(PLAN);
  });
});
