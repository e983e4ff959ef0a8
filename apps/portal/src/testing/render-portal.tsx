import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { createTestQueryClient, fakeCurrentUser, fakePermissionTree, fakeTenantInfo, installFakeApi, json, problem } from '@portal/auth/testing';
import type { FakeRoutes } from '@portal/auth/testing';
import { UiTestProviders } from '@portal/ui-kit/testing';
import { handleUnauthorized } from '../app/handle-unauthorized';
import { PORTAL_BASENAME, portalRoutes } from '../router/portal-routes';

export const signedOutApi: FakeRoutes = {
  getTenantInfo: json(fakeTenantInfo()),
  getCurrentUser: problem(401, 'unauthenticated'),
  getUserPermissions: problem(401, 'unauthenticated'),
};

export function signedInApi(role = 'admin'): FakeRoutes {
  return {
    getTenantInfo: json(fakeTenantInfo()),
    // Besides the users' permissions, what every seeded role but guest holds: its own meetings and profile.
    getCurrentUser: json(fakeCurrentUser({ role, roles: [role], permissions: [...fakeCurrentUser().permissions, 'meeting.schedule.get', 'meeting.schedule.put', 'user.profile.get', 'user.profile.update'] })),
    getUserPermissions: json(fakePermissionTree(undefined, role)),
    getUsers: json({ items: [], nextCursor: null }),
    getQuickPanelData: json({ sections: [] }),
  };
}

/** The portal's real route tree in a memory router under `/portal`, against a fake API. */
export function renderPortal(path: string, api: FakeRoutes, routes: RouteObject[] = portalRoutes()) {
  const queryClient = createTestQueryClient();
  const router = createMemoryRouter(routes, { basename: PORTAL_BASENAME, initialEntries: [`${PORTAL_BASENAME}${path}`] });
  const fakeFetch = installFakeApi(api, (error) => handleUnauthorized(error, router, queryClient));
  const view = render(
    <UiTestProviders>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </UiTestProviders>,
  );
  return { ...view, router, queryClient, fakeFetch };
}

type RouterLike = { state: { location: { pathname: string; search: string } } };

/** The router's pathname without the basename (data routers keep it in their state). */
export function currentPathname(router: RouterLike): string {
  const { pathname } = router.state.location;
  return pathname.startsWith(`${PORTAL_BASENAME}/`) ? pathname.slice(PORTAL_BASENAME.length) : pathname;
}

/** Where the router is now, basename-relative, with the query: `/login?redirect=%2Fuser`. */
export function currentPath(router: RouterLike): string {
  return `${currentPathname(router)}${router.state.location.search}`;
}
