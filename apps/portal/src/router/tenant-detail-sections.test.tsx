import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { fakeTenantApp } from '@portal/apps-integrations/testing';
import { fakeCurrentUser, json } from '@portal/auth/testing';
import { fakeSubscription } from '@portal/billing/testing';
import { fakeTenant } from '@portal/tenants/testing';
import { renderPortal, signedInApi } from '../testing/render-portal';

// The signed-in administrator's own tenant (fakeCurrentUser's), shown by the operational dashboard.
const acme = fakeTenant(1, { id: '00000000-0000-4000-8000-0000000000aa', sname: 'acme', name: 'Acme' });
const notInstalled = { state: 'not_installed', settings: null, installedAt: null, updatedAt: null } as const;

describe('the tenant detail composed by the portal', () => {
  it("shows the partner apps after the desktop clients and billing after SSO, and installing an app reads the tenant again", async () => {
    const { fakeFetch } = renderPortal('/operational-dashboard', {
      ...signedInApi(),
      getCurrentUser: json(fakeCurrentUser({ permissions: ['user.get', 'room.current.get', 'tenant.partner_app.get', 'tenant.partner_app.put'] })),
      getTenant: json(acme),
      getTenantApps: json({ items: [fakeTenantApp('neosound', notInstalled), fakeTenantApp('slack', notInstalled)] }),
      installTenantApp: json(fakeTenantApp('slack'), 201),
      getTenantSubscriptions: json({ items: [fakeSubscription()], nextCursor: null }),
      getTenantTransactions: json({ items: [], nextCursor: null }),
    });
    expect(await screen.findByRole('heading', { name: 'Acme' })).toBeVisible();
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['Tenant', 'User', 'Roles', 'Tenant settings', 'Branding', 'Theme', 'Mobile Clients', 'Desktop Clients', 'Partner apps', 'SMTP', 'SSO', 'Subscriptions', 'Transactions']);

    await userEvent.click(screen.getByRole('tab', { name: 'Partner apps' }));
    const slack = within(await screen.findByRole('region', { name: 'Slack' }));
    await userEvent.click(slack.getByRole('button', { name: 'Install Slack' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Install Slack' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Next' }));
    await userEvent.type(await dialog.findByRole('textbox', { name: /^Slack team ID/ }), 'T0ACME123');
    await userEvent.type(dialog.getByRole('textbox', { name: /^Slash command/ }), '/meet');
    await userEvent.click(dialog.getByRole('button', { name: 'Install' }));
    expect(await screen.findByText('Slack installed successfully')).toBeInTheDocument();
    // The tenant's `slack` feature follows the app: the tenants feature's query is read again.
    await waitFor(() => expect(fakeFetch.paths.filter((path) => path === `GET /tenants/${acme.id}`)).toHaveLength(2));

    await userEvent.click(screen.getByRole('tab', { name: 'Subscriptions' }));
    expect(await screen.findByRole('cell', { name: 'Business' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Transactions' }));
    expect(await screen.findByText('There are no transactions!')).toBeInTheDocument();
    // A long walk through three features' screens on a busy machine.
  }, 60_000);
});
