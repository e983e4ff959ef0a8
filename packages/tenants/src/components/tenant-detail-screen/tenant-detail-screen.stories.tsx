import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Language } from '@portal/i18n';
import { fakeSmtp, fakeSsoProvider, fakeSystemTenant, fakeTenant, fakeTenantsApiLoader, fakeUsers, findLoadedTable, languageLoader, loadedTenantsApi, withAdminProviders, withMemoryRouter } from '../../testing';
import { TenantDetailScreen, type TenantDetailExtraSection, type TenantDetailSection } from './tenant-detail-screen';

const acme = fakeTenant(1, { sname: 'acme', name: 'Acme', brandname: 'Acme Meet' });
const tenants = [fakeSystemTenant, acme];

// Stand-ins for the tabs other features add (the portal composes the real ones: partner apps, subscriptions, transactions).
const stubSection = (id: string, label: MessageDescriptor, after: TenantDetailSection): TenantDetailExtraSection => ({
  id,
  label,
  after,
  component: ({ tenantId }) => <p>{`The ${id} of ${tenantId}`}</p>,
});
const extraSections = [stubSection('partner-apps', msg`Partner apps`, 'desktop-clients'), stubSection('subscriptions', msg`Subscriptions`, 'sso'), stubSection('transactions', msg`Transactions`, 'sso')];

const meta = {
  title: 'Tenants/Tenants/TenantDetailScreen',
  component: TenantDetailScreen,
  decorators: [withMemoryRouter, withAdminProviders],
  args: { tenantId: acme.id, extraSections },
  parameters: { route: `/Tenant/${acme.id}` },
  loaders: [fakeTenantsApiLoader({ tenants: structuredClone(tenants) })],
} satisfies Meta<typeof TenantDetailScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

/** The Tenant section: the platform administrator edits the details, subdomain included. */
export const EditDetails: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Acme' })).toBeInTheDocument();
    for (const tab of ['Tenant', 'User', 'Roles', 'Tenant settings', 'Branding', 'Theme', 'Mobile Clients', 'Desktop Clients', 'Partner apps', 'SMTP', 'SSO', 'Subscriptions', 'Transactions']) {
      await expect(canvas.getByRole('tab', { name: tab })).toBeInTheDocument();
    }
    const form = within(canvas.getByRole('form', { name: 'Tenant' }));
    const brand = form.getByRole('textbox', { name: /^Brand name/ });
    await userEvent.clear(brand);
    await userEvent.type(brand, 'Acme Video');
    const subdomain = form.getByRole('textbox', { name: /^Subdomain/ });
    await userEvent.clear(subdomain);
    await userEvent.type(subdomain, 'Acme!');
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    await expect(await form.findByText('Enter a valid subdomain')).toBeInTheDocument();
    await userEvent.clear(subdomain);
    await userEvent.type(subdomain, 'acme-video');
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    await expect(await body().findByText('Tenant edited successfully')).toBeInTheDocument();
    await expect(loadedTenantsApi(loaded).requestsOf('updateTenant').at(-1)?.body).toMatchObject({ brandname: 'Acme Video', sname: 'acme-video', status: 'active' });
  },
};

/** A tenant administrator edits its own tenant but cannot change its subdomain, status, dial in or dial out. */
export const TenantAdministrator: Story = {
  loaders: [fakeTenantsApiLoader({ tenants: [structuredClone(acme)], as: 'tenantadmin' })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const form = within(await canvas.findByRole('form', { name: 'Tenant' }));
    await expect(form.getByRole('textbox', { name: /^Subdomain/ })).toBeDisabled();
    await expect(form.getByRole('switch', { name: /^Account active/ })).toBeDisabled();
    await expect(canvas.queryByRole('button', { name: 'Delete' })).toBeNull();
    // Dial in and dial out are the platform's to grant.
    await userEvent.click(canvas.getByRole('tab', { name: 'Tenant settings' }));
    const settings = within(await canvas.findByRole('form', { name: 'Tenant settings' }));
    await expect(settings.getByRole('switch', { name: 'Dial In' })).toBeDisabled();
    await expect(settings.getByRole('switch', { name: 'Dial Out' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('tab', { name: 'User' }));
    await expect(await canvas.findByRole('link', { name: 'Manage the users of this tenant' })).toBeInTheDocument();
  },
};

/** Tenant settings: signup flags, dial in/out and features, saved together. */
export const Settings: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('tab', { name: 'Tenant settings' }));
    const form = within(await canvas.findByRole('form', { name: 'Tenant settings' }));
    await userEvent.click(form.getByRole('switch', { name: 'Show social sign-up' }));
    await userEvent.click(form.getByRole('switch', { name: 'Dial In' }));
    await userEvent.click(form.getByRole('switch', { name: 'Waiting room games' }));
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    await expect(await body().findByText('Tenant settings saved successfully')).toBeInTheDocument();
    await expect(loadedTenantsApi(loaded).requestsOf('updateTenant').at(-1)?.body).toMatchObject({ signupSocial: true, dialIn: true, features: { waiting_room_games: true, mobile_app: true } });
  },
};

/** A tenant with Slack installed (its `slack` feature follows the app): the settings saved leave the partner apps' flags to the server. */
export const PartnerAppFlags: Story = {
  loaders: [fakeTenantsApiLoader({ tenants: structuredClone([fakeSystemTenant, { ...acme, features: { ...acme.features, slack: true } }]) })],
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('tab', { name: 'Tenant settings' }));
    const form = within(await canvas.findByRole('form', { name: 'Tenant settings' }));
    await userEvent.click(form.getByRole('switch', { name: 'Dial Out' }));
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    await expect(await body().findByText('Tenant settings saved successfully')).toBeInTheDocument();
    const features = (loadedTenantsApi(loaded).requestsOf('updateTenant').at(-1)?.body as { features: Record<string, boolean> }).features;
    await expect(features).not.toHaveProperty('slack');
    await expect(loadedTenantsApi(loaded).tenants.find((t) => t.id === acme.id)?.features.slack).toBe(true);
  },
};

/** SMTP: the stored password is never shown and kept when left empty; the test mail shows the server's answer. */
export const Smtp: Story = {
  loaders: [fakeTenantsApiLoader({ tenants: structuredClone(tenants), smtp: { [acme.id]: fakeSmtp() } })],
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('tab', { name: 'SMTP' }));
    const form = within(await canvas.findByRole('form', { name: 'SMTP' }));
    await expect(form.getByText('A password is stored; leave empty to keep it')).toBeInTheDocument();
    await expect(form.getByLabelText('Password')).toHaveValue('');
    const port = form.getByRole('textbox', { name: /^Port/ });
    await userEvent.clear(port);
    await userEvent.type(port, '2525');
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    await expect(await body().findByText('SMTP settings saved successfully')).toBeInTheDocument();
    const saved = loadedTenantsApi(loaded).requestsOf('updateTenantSMTP').at(-1)?.body as Record<string, unknown>;
    await expect(saved).toMatchObject({ host: 'smtp.example.com', port: 2525 });
    await expect(saved).not.toHaveProperty('password');

    const recipient = canvas.getByRole('textbox', { name: 'Test mail recipient' });
    await expect(recipient).toHaveValue('root@platform.example');
    await userEvent.click(canvas.getByRole('button', { name: 'Send test mail' }));
    const status = await canvas.findByRole('status');
    await expect(within(status).getByText('Test mail sent')).toBeInTheDocument();
    await expect(within(status).getByText('250 2.0.0 OK queued')).toBeInTheDocument();
  },
};

/** A failing SMTP server: its own error text is shown. */
export const SmtpTestFails: Story = {
  loaders: [fakeTenantsApiLoader({ tenants: structuredClone(tenants), smtp: { [acme.id]: fakeSmtp() }, testMail: { delivered: false, message: 'Invalid login: 535 Authentication failed' } })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('tab', { name: 'SMTP' }));
    await userEvent.click(await canvas.findByRole('button', { name: 'Send test mail' }));
    const status = await canvas.findByRole('status');
    await expect(within(status).getByText('The test mail could not be sent')).toBeInTheDocument();
    await expect(within(status).getByText('Invalid login: 535 Authentication failed')).toBeInTheDocument();
  },
};

/** No SMTP yet: saving creates it; the test button waits for saved settings. */
export const SmtpCreate: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('tab', { name: 'SMTP' }));
    const form = within(await canvas.findByRole('form', { name: 'SMTP' }));
    await expect(canvas.getByRole('button', { name: 'Send test mail' })).toBeDisabled();
    await userEvent.type(form.getByRole('textbox', { name: /^Host/ }), 'smtp acme');
    await userEvent.type(form.getByRole('textbox', { name: /^Sender name/ }), 'Acme');
    await userEvent.type(form.getByRole('textbox', { name: /^Sender email/ }), 'noreply@acme.example');
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    await expect(await form.findByText('Enter a valid host name')).toBeInTheDocument();
    await userEvent.clear(form.getByRole('textbox', { name: /^Host/ }));
    await userEvent.type(form.getByRole('textbox', { name: /^Host/ }), 'smtp.acme.example');
    await userEvent.type(form.getByLabelText('Password'), 'S3cret');
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    await expect(await body().findByText('SMTP settings saved successfully')).toBeInTheDocument();
    await expect(loadedTenantsApi(loaded).requestsOf('addTenantSMTP').at(-1)?.body).toMatchObject({ host: 'smtp.acme.example', port: 587, password: 'S3cret' });
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Send test mail' })).toBeEnabled());
  },
};

/** SSO: a tenant administrator manages its own tenant's providers in their tab. */
export const Sso: Story = {
  loaders: [fakeTenantsApiLoader({ tenants: [structuredClone(acme)], as: 'tenantadmin', sso: [fakeSsoProvider(1, { name: 'Corporate' })] })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('tab', { name: 'SSO' }));
    const table = within(await canvas.findByRole('table', { name: 'SSO' }));
    await expect(await table.findByRole('cell', { name: 'Corporate' })).toBeInTheDocument();
    await userEvent.click(table.getByRole('button', { name: 'Edit' }));
    await expect(await body().findByRole('dialog', { name: 'Edit provider' })).toBeInTheDocument();
  },
};

/** Another tenant's SSO providers, for the platform administrator, through the operations naming the tenant. */
export const SsoOfAnotherTenant: Story = {
  loaders: [fakeTenantsApiLoader({ tenants: structuredClone(tenants), tenantSso: { [acme.id]: [fakeSsoProvider(2, { name: 'Acme login' })] } })],
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('tab', { name: 'SSO' }));
    const table = await findLoadedTable(canvasElement, 'SSO');
    await expect(table.getByRole('cell', { name: 'Acme login' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Create' })).toBeInTheDocument();
    await expect(loadedTenantsApi(loaded).requestsOf('getTenantSsoProviders')[0]?.path).toBe(`/tenants/${acme.id}/sso`);
    await expect(loadedTenantsApi(loaded).requestsOf('getTenantSSO')).toHaveLength(0);
  },
};

/** The User tab lists the tenant's users (getTenantUsers), searchable; another tenant has no link to the Users screen. */
export const Users: Story = {
  loaders: [fakeTenantsApiLoader({ tenants: structuredClone(tenants), tenantUsers: { [acme.id]: fakeUsers(3) } })],
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('tab', { name: 'User' }));
    const table = await findLoadedTable(canvasElement, 'Users');
    await expect(table.getAllByRole('row')).toHaveLength(4);
    await expect(canvas.queryByRole('link', { name: 'Manage the users of this tenant' })).toBeNull();
    await userEvent.type(canvas.getByRole('searchbox'), 'nobody');
    await expect(await canvas.findByText('No results..')).toBeInTheDocument();
    await expect(loadedTenantsApi(loaded).requestsOf('getTenantUsers')[0]?.path).toBe(`/tenants/${acme.id}/users`);
  },
};

/** A tenant without users: the spec's empty text. */
export const NoUsers: Story = {
  loaders: [fakeTenantsApiLoader({ tenants: structuredClone(tenants), tenantUsers: { [acme.id]: [] } })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('tab', { name: 'User' }));
    await expect(await canvas.findByText('There are no users!')).toBeInTheDocument();
  },
};

/** Branding, theme and the mobile and desktop apps each have their tab, loaded when opened. */
export const BrandingThemeAndClients: Story = {
  loaders: [fakeTenantsApiLoader({ tenants: structuredClone(tenants) })],
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const api = loadedTenantsApi(loaded);
    await userEvent.click(await canvas.findByRole('tab', { name: 'Branding' }));
    const form = within(await canvas.findByRole('form', { name: 'Branding' }));
    await expect(form.getByRole('textbox', { name: /^Brand name/ })).toHaveValue('Acme Meet');
    await expect(canvas.getByRole('group', { name: 'Landing page background' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('tab', { name: 'Theme' }));
    await expect(await canvas.findByRole('group', { name: 'Theme file' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('tab', { name: 'Mobile Clients' }));
    await expect(await canvas.findByRole('switch', { name: 'Enable Android' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('tab', { name: 'Desktop Clients' }));
    await expect(await canvas.findByRole('switch', { name: 'Enable Windows' })).toBeInTheDocument();
    await expect(api.requestsOf('getBrands')[0]?.path).toBe(`/tenants/${acme.id}/brand`);
    await expect(api.requestsOf('getTenantTheme')[0]?.path).toBe(`/tenants/${acme.id}/theme`);
    await expect(api.requestsOf('getTenantClients')[0]?.path).toBe(`/tenants/${acme.id}/clients`);
  },
};

/** The Roles tab lists the tenant's roles; Acme is not the platform administrator's own, so no link to manage them. */
export const Roles: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('tab', { name: 'Roles' }));
    const table = await findLoadedTable(canvasElement, 'Roles');
    await expect(table.getByRole('cell', { name: 'Tenant administrators' })).toBeInTheDocument();
    await expect(canvas.queryByRole('link', { name: 'Manage roles' })).toBeNull();
    await expect(loadedTenantsApi(loaded).requestsOf('getTenantRoles')[0]?.path).toBe(`/tenants/${acme.id}/roles`);
  },
};

/** The caller's own tenant: its roles link to the Roles screen. */
export const OwnRoles: Story = {
  args: { tenantId: fakeSystemTenant.id },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('tab', { name: 'Roles' }));
    await findLoadedTable(canvasElement, 'Roles');
    await userEvent.click(canvas.getByRole('link', { name: 'Manage roles' }));
    await expect(body().getByTestId('location')).toHaveTextContent('/Roles');
  },
};

/** Other features' tabs sit after the own tab each names, in the order given, and show the tenant's section. */
export const OtherFeaturesTabs: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Acme' })).toBeInTheDocument();
    const tabs = canvas.getAllByRole('tab').map((tab) => tab.textContent);
    await expect(tabs).toEqual(['Tenant', 'User', 'Roles', 'Tenant settings', 'Branding', 'Theme', 'Mobile Clients', 'Desktop Clients', 'Partner apps', 'SMTP', 'SSO', 'Subscriptions', 'Transactions']);
    await userEvent.click(canvas.getByRole('tab', { name: 'Subscriptions' }));
    await expect(await canvas.findByText(`The subscriptions of ${acme.id}`)).toBeInTheDocument();
  },
};

/** Delete asks first, then goes back to the list. */
export const Delete: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Delete' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Delete tenant' }));
    await expect(dialog.getByText('Are you sure you want to delete the tenant ?')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    await expect(await body().findByText('Tenant deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(canvas.getByTestId('location')).toHaveTextContent('/tenant'));
    await expect(loadedTenantsApi(loaded).requestsOf('deleteTenant')[0]?.path).toBe(`/tenants/${acme.id}`);
  },
};

/** An unknown (or another tenant's) id. */
export const NotFound: Story = {
  args: { tenantId: '00000000-0000-4000-8000-000000000999' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('This tenant does not exist.')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Back to tenants' }));
    await expect(canvas.getByTestId('location')).toHaveTextContent('/tenant');
  },
};

function translated(language: Language, texts: { tab: string; transactions: string }): Story {
  return {
    parameters: { language },
    loaders: [fakeTenantsApiLoader({ tenants: structuredClone(tenants) }), languageLoader(language)],
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      await expect(await canvas.findByRole('heading', { name: 'Acme' })).toBeInTheDocument();
      await expect(canvas.getByRole('tab', { name: texts.tab })).toBeInTheDocument();
      await userEvent.click(canvas.getByRole('tab', { name: texts.transactions }));
      await expect(await canvas.findByText(`The transactions of ${acme.id}`)).toBeInTheDocument();
      await expect(canvas.getByRole('tablist').closest('[dir]')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    },
  };
}

export const English = translated('en', { tab: 'Tenant settings', transactions: 'Transactions' });
export const French = translated('fr', { tab: 'Paramètres du locataire', transactions: 'Transactions' });
export const Arabic = translated('ar', { tab: 'إعدادات المستأجر', transactions: 'المعاملات' });
export const Uzbek = translated('uz', { tab: 'Tenant sozlamalari', transactions: 'Tranzaksiyalar' });
