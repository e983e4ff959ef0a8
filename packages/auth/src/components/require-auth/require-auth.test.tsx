import { render, screen } from '@testing-library/react';
import { AuthTestFrame, fakeCurrentUser, fakeNavNodes, fakePermissionTree, fakeTenantInfo, installFakeApi, json, problem } from '../../testing';
import type { FakeRoutes } from '../../testing';
import { MissingRoutePage, RequireAuth } from './require-auth';
import type { RequireAuthProps } from './require-auth';

const signedIn: FakeRoutes = {
  getTenantInfo: json(fakeTenantInfo()),
  getCurrentUser: json(fakeCurrentUser()),
  getUserPermissions: json(fakePermissionTree()),
};

function renderGuarded(initialEntry: string, routes: FakeRoutes, props: Omit<RequireAuthProps, 'children'> = {}) {
  const fakeFetch = installFakeApi(routes);
  render(
    <AuthTestFrame path={initialEntry.split('?')[0] ?? '/'} initialEntry={initialEntry}>
      <RequireAuth {...props}>
        <p>Protected screen</p>
      </RequireAuth>
    </AuthTestFrame>,
  );
  return fakeFetch;
}

describe('RequireAuth', () => {
  it('sends a signed-out visitor to login with the original path and query', async () => {
    renderGuarded('/user?q=ada', { ...signedIn, getCurrentUser: problem(401, 'unauthenticated') });
    expect(await screen.findByTestId('location')).toHaveTextContent('/login?redirect=%2Fuser%3Fq%3Dada');
    expect(screen.queryByText('Protected screen')).toBeNull();
  });

  it('shows Loading until the session and the permission tree are known', async () => {
    renderGuarded('/user', signedIn);
    expect(screen.getByText('Loading')).toBeVisible();
    expect(await screen.findByText('Protected screen')).toBeVisible();
  });

  it('opens a route the permission tree holds', async () => {
    const fakeFetch = renderGuarded('/user', signedIn);
    expect(await screen.findByText('Protected screen')).toBeVisible();
    expect(fakeFetch.calls).toContain('getUserPermissions');
  });

  it('sends a signed-in user whose role does not open the route to login, saying so, without the path', async () => {
    renderGuarded('/feedback', signedIn);
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/login\?denied=1$/);
    expect(screen.queryByText('Protected screen')).toBeNull();
  });

  it("opens an admin-group route to a custom role's holder that the server puts in the admin group, and to no one else with that role", async () => {
    const usersOnly = fakeNavNodes().filter((node) => node.id === 'user');
    const customRole: FakeRoutes = {
      ...signedIn,
      getCurrentUser: json(fakeCurrentUser({ role: 'member', roles: ['User viewers'], roleGroups: ['accountadmin', 'admin', 'member'], permissions: ['user.get'] })),
      getUserPermissions: json({ ...fakePermissionTree(usersOnly, 'member', ['user.get']), roleGroups: ['accountadmin', 'admin', 'member'] }),
    };
    renderGuarded('/user', customRole, { treeUrl: 'user', roleGroup: 'admin' });
    expect(await screen.findByText('Protected screen')).toBeVisible();
  });

  it('refuses an admin-group route to a member-group custom role even when its tree was hand-made to hold it', async () => {
    const usersOnly = fakeNavNodes().filter((node) => node.id === 'user');
    renderGuarded('/user', {
      ...signedIn,
      getCurrentUser: json(fakeCurrentUser({ role: 'member', roles: ['Planners'], roleGroups: ['member'], permissions: ['user.get'] })),
      getUserPermissions: json({ ...fakePermissionTree(usersOnly, 'member', ['user.get']), roleGroups: ['member'] }),
    }, { treeUrl: 'user', roleGroup: 'admin' });
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/login\?denied=1$/);
  });

  it('passes the path on as the redirect target when the user has no role', async () => {
    renderGuarded('/feedback?from=menu', { ...signedIn, getCurrentUser: json(fakeCurrentUser({ role: '' })) });
    expect(await screen.findByTestId('location')).toHaveTextContent('/login?denied=1&redirect=%2Ffeedback%3Ffrom%3Dmenu');
  });

  it('shows the maintenance notice, not a generic failure, when the session is closed for maintenance', async () => {
    renderGuarded('/user', { ...signedIn, getTenantInfo: json(fakeTenantInfo({ supportEmail: 'help@acme.example' })), getCurrentUser: problem(503, 'maintenance') });
    expect(await screen.findByText('The portal is down for maintenance. Please try again later.')).toBeVisible();
    expect(await screen.findByRole('link', { name: 'help@acme.example' })).toHaveAttribute('href', 'mailto:help@acme.example');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
    expect(screen.queryByText('Failed, Try Again..!!')).toBeNull();
    expect(screen.queryByText('Protected screen')).toBeNull();
  });

  it('refuses a role outside the route group even when the tree holds the url', async () => {
    renderGuarded('/user', signedIn, { roleGroup: 'superadmin' });
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/login\?denied=1$/);
    expect(screen.queryByText('Protected screen')).toBeNull();
  });

  it('checks the given tree url instead of the path, or none for role-only routes', async () => {
    renderGuarded('/Roles', signedIn, { treeUrl: '/user' });
    expect(await screen.findByText('Protected screen')).toBeVisible();
  });

  it('lets a role-only route through without a tree entry', async () => {
    renderGuarded('/kubernetes-config', { ...signedIn, getCurrentUser: json(fakeCurrentUser({ role: 'superadmin' })) }, { treeUrl: null, roleGroup: 'superadmin' });
    expect(await screen.findByText('Protected screen')).toBeVisible();
  });
});

describe('MissingRoutePage', () => {
  function renderMissing(routes: FakeRoutes) {
    installFakeApi(routes);
    render(
      <AuthTestFrame path="/nowhere" initialEntry="/nowhere">
        <MissingRoutePage />
      </AuthTestFrame>,
    );
  }

  it('says the page has gone missing, with Go Home and without a Login link', async () => {
    renderMissing(signedIn);
    expect(await screen.findByText('Oops. This page has gone missing.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go Home' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
  });

  it('offers the Login link on the local development host', async () => {
    renderMissing({ ...signedIn, getTenantInfo: json(fakeTenantInfo({ localDevelopment: true })) });
    expect(await screen.findByRole('link', { name: 'Login' })).toBeVisible();
  });

  it("offers the platform's support address when one is saved", async () => {
    renderMissing({ ...signedIn, getTenantInfo: json(fakeTenantInfo({ supportEmail: 'help@acme.example' })) });
    expect(await screen.findByText('Oops. This page has gone missing.')).toBeVisible();
    expect(await screen.findByRole('link', { name: 'help@acme.example' })).toHaveAttribute('href', 'mailto:help@acme.example');
  });
});
