import { render, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { LOCAL_STORAGE_KEYS, useSessionStore } from '@portal/auth';
import { createTestQueryClient, fakeTenantInfo, installFakeApi, json, problem } from '@portal/auth/testing';
import { PortalRoot } from './portal-root';

function renderRoot(tenantInfo: ReturnType<typeof json>) {
  installFakeApi({ getTenantInfo: tenantInfo, getCurrentUser: problem(401, 'unauthenticated') });
  const router = createMemoryRouter([{ path: '*', element: <p>Portal page</p> }]);
  render(<PortalRoot router={router} queryClient={createTestQueryClient()} />);
}

describe('PortalRoot', () => {
  beforeEach(() => {
    window.localStorage.clear();
    useSessionStore.getState().hydrate();
  });

  it('says there is no portal at an address no tenant is served at, and forgets a session kept from it', async () => {
    window.localStorage.setItem(LOCAL_STORAGE_KEYS.loginStatus, 'loggedIn');
    useSessionStore.getState().hydrate();
    renderRoot(problem(404, 'not_found'));
    expect(await screen.findByText('There is no portal at this address. Check the address, or ask your administrator for the right one.')).toBeVisible();
    expect(screen.queryByText('Portal page')).toBeNull();
    expect(useSessionStore.getState().loginStatus).toBeNull();
  });

  it('offers a retry when the tenant information cannot be loaded for another reason', async () => {
    renderRoot(problem(500, 'internal'));
    expect(await screen.findByText('Failed, Try Again..!!')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  it('shows the portal once the tenant is known', async () => {
    renderRoot(json(fakeTenantInfo()));
    expect(await screen.findByText('Portal page')).toBeVisible();
  });
});
