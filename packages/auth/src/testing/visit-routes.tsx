// A feature's routes mounted beside the real sign-in screens, for tests of flows that start
// signed out and continue after a real sign-in on the login page.
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { PageLoader } from '@portal/ui-kit';
import { UiTestProviders } from '@portal/ui-kit/testing';
import { authRoutes } from '../routes/auth-routes';
import type { SignInFlowPaths } from '../utils/post-login-redirect';
import { createTestQueryClient, LocationDisplay } from './auth-test-frame';
import { installFakeApi, json, problem, type FakeRoutes } from './fake-api';
import { fakeCurrentUser, fakePermissionTree, fakeTenantInfo } from './fixtures';

/** A visitor who is signed out until they sign in on the login page (any credentials). */
export function signInAbleApi(): FakeRoutes {
  let signedIn = false;
  const whenSignedIn = (body: unknown) => () => (signedIn ? json(body) : problem(401, 'unauthenticated'));
  return {
    getTenantInfo: json(fakeTenantInfo()),
    loginUser: () => {
      signedIn = true;
      return json({ firstname: 'Ada', lastname: 'Lovelace', profile_picture: null, email: 'ada@acme.test', change_password: false, tmpid: null, csrfToken: 'csrf' });
    },
    getCurrentUser: whenSignedIn(fakeCurrentUser()),
    getUserPermissions: whenSignedIn(fakePermissionTree()),
  };
}

/**
 * Renders `routes` plus the auth screens at `entry`; any other path shows a `LocationDisplay`.
 * `signInFlowPaths` are the pages of the flows among `routes` that sign-in continues.
 */
export function visitRoutes(routes: RouteObject[], entry: string, api: FakeRoutes = signInAbleApi(), signInFlowPaths: SignInFlowPaths = {}) {
  installFakeApi(api);
  const router = createMemoryRouter(
    [{ hydrateFallbackElement: <PageLoader />, children: [...routes, ...authRoutes({ signInFlowPaths }), { path: '*', element: <LocationDisplay /> }] }],
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

/** Loads lazy route modules up front: compiling them on first use can outlast a query's timeout on a busy machine. */
export async function preloadRoutes(routes: RouteObject[]) {
  for (const route of [...routes, ...authRoutes({ signInFlowPaths: {} })]) if (typeof route.lazy === 'function') await route.lazy();
}
