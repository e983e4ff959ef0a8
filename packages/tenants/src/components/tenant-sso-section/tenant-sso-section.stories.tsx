import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { fakeSsoProvider, fakeSystemTenant, fakeTenant, fakeTenantsApiLoader, findLoadedTable, languageLoader, loadedTenantsApi, tableRowOf, withAdminProviders, type FakeTenantsApiOptions } from '../../testing';
import { TenantSsoSection } from './tenant-sso-section';

const corporate = fakeSsoProvider(1, { name: 'Corporate', issuer: 'https://login.corp.example', clientId: 'portal' });
const google = fakeSsoProvider(2, { name: 'Google accounts', kind: 'google', issuer: 'https://accounts.google.com', status: 'disabled', hasSecret: false });
const apiLoader = (options: FakeTenantsApiOptions = {}) => fakeTenantsApiLoader({ sso: [corporate, google], ...options });

const meta = {
  title: 'Tenants/Tenants/TenantSsoSection',
  component: TenantSsoSection,
  decorators: [withAdminProviders],
  args: { tenantId: fakeSystemTenant.id, own: true },
  loaders: [apiLoader()],
} satisfies Meta<typeof TenantSsoSection>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

/** The providers with their button, issuer and status, the redirect URI to register, Create and Edit. */
export const List: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await findLoadedTable(canvasElement, 'SSO');
    for (const header of ['Name', 'Sign-in button', 'Issuer', 'Status']) {
      await expect(table.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    await expect(tableRowOf(table, 'Corporate').getByText('OpenID Connect')).toBeInTheDocument();
    await expect(tableRowOf(table, 'Corporate').getByText('Enabled')).toBeInTheDocument();
    await expect(tableRowOf(table, 'https://accounts.google.com').getByText('Disabled')).toBeInTheDocument();
    await expect(canvas.getByRole('textbox', { name: 'Redirect URI' })).toHaveValue('https://portal.example/api/v1/auth/providers/callback');
    await expect(canvas.getByRole('button', { name: 'Create' })).toBeInTheDocument();
    await expect(table.getAllByRole('button', { name: 'Edit' })).toHaveLength(2);
  },
};

/** Create opens the provider dialog; the new provider shows in the list. */
export const Create: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await findLoadedTable(canvasElement, 'SSO');
    await userEvent.click(canvas.getByRole('button', { name: 'Create' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Create provider' }));
    await userEvent.type(dialog.getByRole('textbox', { name: /^Name/ }), 'Keycloak');
    await userEvent.type(dialog.getByRole('textbox', { name: /^Issuer URL/ }), 'https://sso.acme.example/realms/acme');
    await userEvent.type(dialog.getByRole('textbox', { name: /^Client ID/ }), 'meet');
    await userEvent.click(dialog.getByRole('button', { name: 'Create' }));
    await expect(await body().findByText('Provider created successfully')).toBeInTheDocument();
    await expect(await canvas.findByRole('cell', { name: 'Keycloak' })).toBeInTheDocument();
    await expect(loadedTenantsApi(loaded).requestsOf('addTenantSSO')[0]?.body).toEqual({
      name: 'Keycloak',
      kind: 'oidc',
      issuer: 'https://sso.acme.example/realms/acme',
      clientId: 'meet',
      scopes: 'openid email profile',
      roleMapping: null,
      status: 'enabled',
    });
  },
};

/** Edit opens the dialog on that provider; leaving the secret empty keeps it. */
export const Edit: Story = {
  play: async ({ canvasElement, loaded }) => {
    const table = await findLoadedTable(canvasElement, 'SSO');
    await userEvent.click(tableRowOf(table, 'Google accounts').getByRole('button', { name: 'Edit' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Edit provider' }));
    await expect(dialog.getByText('No client secret is stored; leave empty to keep it that way.')).toBeInTheDocument();
    await expect(dialog.getByRole('checkbox', { name: 'Enabled' })).not.toBeChecked();
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Enabled' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await expect(await body().findByText('Provider edited successfully')).toBeInTheDocument();
    const [patch] = loadedTenantsApi(loaded).requestsOf('updateTenantSSO');
    await expect(patch?.path).toBe(`/tenant/sso/${google.id}`);
    await expect(patch?.body).toMatchObject({ name: 'Google accounts', kind: 'google', status: 'enabled' });
    await expect(patch?.body).not.toHaveProperty('clientSecret');
    await waitFor(() => expect(tableRowOf(table, 'https://accounts.google.com').getByText('Enabled')).toBeInTheDocument());
  },
};

/** With `tenant.sso.get` only, the list is read-only: no Create, no Edit. */
export const ReadOnly: Story = {
  loaders: [apiLoader({ permissions: ['tenant.sso.get'] })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await findLoadedTable(canvasElement, 'SSO');
    await expect(table.getByRole('cell', { name: 'Corporate' })).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Create' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Edit' })).toBeNull();
  },
};

/** `tenant.sso.put` without `tenant.sso.update`: Create only. */
export const CreateOnly: Story = {
  loaders: [apiLoader({ permissions: ['tenant.sso.get', 'tenant.sso.put'] })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findLoadedTable(canvasElement, 'SSO');
    await expect(canvas.getByRole('button', { name: 'Create' })).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Edit' })).toBeNull();
  },
};

/** `tenant.sso.update` without `tenant.sso.put`: Edit only. */
export const EditOnly: Story = {
  loaders: [apiLoader({ permissions: ['tenant.sso.get', 'tenant.sso.update'] })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await findLoadedTable(canvasElement, 'SSO');
    await expect(canvas.queryByRole('button', { name: 'Create' })).toBeNull();
    await expect(table.getAllByRole('button', { name: 'Edit' })).toHaveLength(2);
  },
};

/** No providers yet: the empty text. */
export const Empty: Story = {
  loaders: [apiLoader({ sso: [] })],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('There are no sign-in providers!')).toBeInTheDocument();
  },
};

const acme = fakeTenant(1, { sname: 'acme', name: 'Acme' });

/**
 * Another tenant's providers (the platform administrator's view): listed, created and edited
 * through the operations naming the tenant, with the redirect URI of the tenant's own host.
 */
export const OtherTenant: Story = {
  args: { tenantId: acme.id, own: false },
  loaders: [apiLoader({ tenants: [fakeSystemTenant, acme], tenantSso: { [acme.id]: [google] } })],
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const api = loadedTenantsApi(loaded);
    const table = await findLoadedTable(canvasElement, 'SSO');
    await expect(table.getAllByRole('row')).toHaveLength(2);
    await expect(table.queryByRole('cell', { name: 'Corporate' })).toBeNull();
    await expect(canvas.getByRole('textbox', { name: 'Redirect URI' })).toHaveValue('https://acme.portal.example/api/v1/auth/providers/callback');
    await expect(api.requestsOf('getTenantSsoProviders')[0]?.path).toBe(`/tenants/${acme.id}/sso`);
    await expect(api.requestsOf('getTenantSSO')).toHaveLength(0);

    await userEvent.click(tableRowOf(table, 'Google accounts').getByRole('button', { name: 'Edit' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Edit provider' }));
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Enabled' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await expect(await body().findByText('Provider edited successfully')).toBeInTheDocument();
    await expect(api.requestsOf('updateTenantSsoProvider')[0]?.path).toBe(`/tenants/${acme.id}/sso/${google.id}`);
    await waitFor(() => expect(tableRowOf(table, 'https://accounts.google.com').getByText('Enabled')).toBeInTheDocument());
    await expect(api.sso.find((provider) => provider.id === google.id)?.status).toBe('disabled');
  },
};

/** In Arabic, right to left with the catalog's words. */
export const Arabic: Story = {
  parameters: { language: 'ar' },
  loaders: [apiLoader(), languageLoader('ar')],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findLoadedTable(canvasElement, 'SSO');
    await userEvent.click(canvas.getByRole('button', { name: 'إنشاء' }));
    const dialog = within(await body().findByRole('dialog', { name: 'إنشاء مزوّد' }));
    await expect(dialog.getByRole('textbox', { name: /^عنوان URL لجهة الإصدار/ })).toBeInTheDocument();
    await expect(canvasElement.querySelector('table')?.closest('[dir]')).toHaveAttribute('dir', 'rtl');
  },
};
