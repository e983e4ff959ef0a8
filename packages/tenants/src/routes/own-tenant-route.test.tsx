import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { notify } from '@portal/ui-kit';
import { fakeSystemTenant, fakeTenant, installFakeTenantsApi, UsersTestProviders } from '../testing';
import OwnTenantRoute from './own-tenant-route';

const acme = fakeTenant(1, { sname: 'acme', name: 'Acme', brandname: 'Acme Meet' });
const globex = fakeTenant(2, { sname: 'globex', name: 'Globex' });

function renderRoute(options: Parameters<typeof installFakeTenantsApi>[0], path = '/operational-dashboard') {
  notify.clean();
  const api = installFakeTenantsApi({ tenants: structuredClone([acme, globex, fakeSystemTenant]), ...options });
  render(
    <MemoryRouter initialEntries={[path]}>
      <OwnTenantRoute />
    </MemoryRouter>,
    { wrapper: UsersTestProviders },
  );
  return api;
}

describe('OwnTenantRoute', () => {
  it("shows the signed-in tenant administrator's own tenant, taken from the session", async () => {
    const api = renderRoute({ as: 'tenantadmin' });
    expect(await screen.findByRole('heading', { name: 'Acme' })).toBeInTheDocument();
    expect(api.requests.some((request) => request.path === '/session')).toBe(true);
    expect(api.requestsOf('getTenant').map((request) => request.path)).toEqual([`/tenants/${acme.id}`]);
    expect(screen.queryByRole('heading', { name: 'Globex' })).toBeNull();

    // Its own tenant: the Roles tab links to the Roles screen.
    await userEvent.click(screen.getByRole('tab', { name: 'Roles' }));
    const table = within(await screen.findByRole('table', { name: 'Roles' }));
    expect(await table.findByRole('cell', { name: 'Tenant administrators' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage roles' })).toHaveAttribute('href', '/Roles');
  });

  it("shows the platform super administrator's own tenant, the platform", async () => {
    const api = renderRoute({ as: 'platform' });
    expect(await screen.findByRole('heading', { name: 'Platform' })).toBeInTheDocument();
    expect(api.requestsOf('getTenant').map((request) => request.path)).toEqual([`/tenants/${fakeSystemTenant.id}`]);
  });

  it('opens the operational dashboard on the Tenant tab', async () => {
    renderRoute({ as: 'tenantadmin' });
    expect(await screen.findByRole('tab', { name: 'Tenant', selected: true })).toBeInTheDocument();
  });

  it('opens tenant-features on the Tenant settings tab, where the features are switched', async () => {
    renderRoute({ as: 'tenantadmin' }, '/tenant-features/');
    expect(await screen.findByRole('tab', { name: 'Tenant settings', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Tenant', selected: false })).toBeInTheDocument();
  });
});
