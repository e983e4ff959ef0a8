import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { fakePartnerAppsApiLoader, fakeTenantApp, languageLoader, loadedPartnerAppsApi, withAdminProviders, type FakePartnerAppsApiOptions } from '../../testing';
import { TenantAppsSection } from './tenant-apps-section';

const acme = { id: '00000000-0000-4000-8000-000000000001' };
// A fresh fake on every run: installing and removing change what it holds.
const apiLoader = (options: FakePartnerAppsApiOptions = {}) => fakePartnerAppsApiLoader({ tenantIds: [acme.id], ...options });
const installed = { [acme.id]: [fakeTenantApp('neosound'), fakeTenantApp('slack', { state: 'uninstalled' })] };

const meta = {
  title: 'Apps/TenantAppsSection',
  component: TenantAppsSection,
  decorators: [withAdminProviders],
  args: { tenantId: acme.id },
  loaders: [apiLoader()],
} satisfies Meta<typeof TenantAppsSection>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);
const card = async (canvasElement: HTMLElement, name: string) => within(await within(canvasElement).findByRole('region', { name }));

/**
 * Nothing installed: both apps of the catalogue with Install. Neosound's wizard says what it will
 * reach, Next shows its settings, an empty or malformed key is refused before any call, then
 * Install sends the key and region and the card shows it installed, the key only as 'Stored'.
 */
export const InstallNeosound: Story = {
  play: async ({ canvasElement, loaded }) => {
    await expect(await within(canvasElement).findByText('No partner app is installed for this tenant yet.')).toBeInTheDocument();
    const neosound = await card(canvasElement, 'Neosound');
    await expect(neosound.getByText('Not installed')).toBeInTheDocument();
    await expect((await card(canvasElement, 'Slack')).getByRole('button', { name: 'Install Slack' })).toBeInTheDocument();
    await expect(neosound.queryByRole('button', { name: 'Remove Neosound' })).toBeNull();

    await userEvent.click(neosound.getByRole('button', { name: 'Install Neosound' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Install Neosound' }));
    await expect(dialog.getByText('Once installed, Neosound may:')).toBeInTheDocument();
    await expect(dialog.getByText('View recordings')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Next' }));
    const key = await dialog.findByLabelText(/^API key/);
    await waitFor(() => expect(key).toHaveFocus());
    await userEvent.click(dialog.getByRole('button', { name: 'Install' }));
    await expect(await dialog.findByText('This field is required')).toBeInTheDocument();
    await userEvent.type(key, 'too short');
    await userEvent.click(dialog.getByRole('button', { name: 'Install' }));
    await expect(await dialog.findByText('Enter a valid API key: 16 to 200 characters without spaces')).toBeInTheDocument();
    await expect(loadedPartnerAppsApi(loaded).requestsOf('installTenantApp')).toHaveLength(0);

    await userEvent.clear(key);
    await userEvent.type(key, 'ns_live_4f9a8b7c6d5e4f3a');
    await userEvent.click(dialog.getByRole('button', { name: 'Install' }));
    await expect(await body().findByText('Neosound installed successfully')).toBeInTheDocument();
    const [request] = loadedPartnerAppsApi(loaded).requestsOf('installTenantApp');
    await expect(request?.method).toBe('PUT');
    await expect(request?.path).toBe(`/tenants/${acme.id}/apps/neosound`);
    await expect(request?.body).toEqual({ apiKey: 'ns_live_4f9a8b7c6d5e4f3a', region: 'eu' });
    await waitFor(() => expect(neosound.getByText('Installed')).toBeInTheDocument());
    await expect(neosound.getByText('Stored')).toBeInTheDocument();
    await expect(neosound.getByText('Europe')).toBeInTheDocument();
    await expect(canvasElement).not.toHaveTextContent('ns_live_4f9a8b7c6d5e4f3a');
    await expect(loadedPartnerAppsApi(loaded).features[acme.id]?.neosound).toBe(true);
  },
};

/** Slack's settings are its team ID and slash command, checked against the contract's patterns. */
export const InstallSlack: Story = {
  play: async ({ canvasElement, loaded }) => {
    await userEvent.click((await card(canvasElement, 'Slack')).getByRole('button', { name: 'Install Slack' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Install Slack' }));
    await expect(dialog.getByText('View phone activities and settings')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Next' }));
    await userEvent.type(await dialog.findByRole('textbox', { name: /^Slack team ID/ }), 'acme');
    await userEvent.type(dialog.getByRole('textbox', { name: /^Slash command/ }), 'meet');
    await userEvent.click(dialog.getByRole('button', { name: 'Install' }));
    await expect(await dialog.findByText('Enter a valid Slack team ID, e.g. T024BE7LD')).toBeInTheDocument();
    await expect(dialog.getByText('Enter a slash command such as /meet')).toBeInTheDocument();
    await expect(dialog.queryByLabelText(/^API key/)).toBeNull();

    await userEvent.clear(dialog.getByRole('textbox', { name: /^Slack team ID/ }));
    await userEvent.type(dialog.getByRole('textbox', { name: /^Slack team ID/ }), 'T0ACME123');
    await userEvent.clear(dialog.getByRole('textbox', { name: /^Slash command/ }));
    await userEvent.type(dialog.getByRole('textbox', { name: /^Slash command/ }), '/acme-meet');
    await userEvent.click(dialog.getByRole('button', { name: 'Install' }));
    await expect(await body().findByText('Slack installed successfully')).toBeInTheDocument();
    await expect(loadedPartnerAppsApi(loaded).requestsOf('installTenantApp')[0]?.body).toEqual({ teamId: 'T0ACME123', command: '/acme-meet' });
    const slack = await card(canvasElement, 'Slack');
    await waitFor(() => expect(slack.getByText('/acme-meet')).toBeInTheDocument());
  },
};

/** A failed Slack installation says so in the spec's words; the wizard stays open to try again. */
export const InstallSlackFails: Story = {
  loaders: [apiLoader({ failing: ['installTenantApp'] })],
  play: async ({ canvasElement }) => {
    await userEvent.click((await card(canvasElement, 'Slack')).getByRole('button', { name: 'Install Slack' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Install Slack' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Next' }));
    await userEvent.type(await dialog.findByRole('textbox', { name: /^Slack team ID/ }), 'T0ACME123');
    await userEvent.type(dialog.getByRole('textbox', { name: /^Slash command/ }), '/meet');
    await userEvent.click(dialog.getByRole('button', { name: 'Install' }));
    await expect(
      await body().findByText('Installation of the product on Slack is failed. Please try again and if the problem persist, please contact support.'),
    ).toBeInTheDocument();
    await expect(dialog.getByRole('button', { name: 'Install' })).toBeEnabled();
  },
};

/**
 * Installed Neosound: Configure opens on its settings, an empty key keeps the stored one; Uninstall
 * asks first and keeps the settings. Uninstalled Slack: Install again goes through the wizard with
 * its settings prefilled and switches it back on.
 */
export const ConfigureUninstallReinstall: Story = {
  loaders: [apiLoader({ tenantApps: installed })],
  play: async ({ canvasElement, loaded }) => {
    const neosound = await card(canvasElement, 'Neosound');
    await expect(within(canvasElement).queryByText('No partner app is installed for this tenant yet.')).toBeNull();
    await userEvent.click(neosound.getByRole('button', { name: 'Configure Neosound' }));
    let dialog = within(await body().findByRole('dialog', { name: 'Configure Neosound' }));
    await expect(dialog.queryByRole('button', { name: 'Next' })).toBeNull();
    await expect(dialog.getByText('An API key is stored; leave empty to keep it.')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('combobox', { name: /^Region/ }));
    await userEvent.click(await body().findByRole('option', { name: 'United States' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await expect(await body().findByText('Neosound edited successfully')).toBeInTheDocument();
    await expect(loadedPartnerAppsApi(loaded).requestsOf('updateTenantApp')[0]?.body).toEqual({ region: 'us' });
    await waitFor(() => expect(neosound.getByText('United States')).toBeInTheDocument());

    await userEvent.click(neosound.getByRole('button', { name: 'Uninstall Neosound' }));
    const confirm = within(await body().findByRole('dialog', { name: 'Uninstall Neosound' }));
    await expect(confirm.getByText('Are you sure you want to uninstall Neosound ?')).toBeInTheDocument();
    await userEvent.click(confirm.getByRole('button', { name: 'Uninstall' }));
    await expect(await body().findByText('Neosound uninstalled successfully')).toBeInTheDocument();
    await expect(loadedPartnerAppsApi(loaded).requestsOf('updateTenantApp')[1]?.body).toEqual({ state: 'uninstalled' });
    await waitFor(() => expect(neosound.getByText('Uninstalled')).toBeInTheDocument());
    await expect(neosound.getByText('United States')).toBeInTheDocument();

    const slack = await card(canvasElement, 'Slack');
    await userEvent.click(slack.getByRole('button', { name: 'Install Slack' }));
    dialog = within(await body().findByRole('dialog', { name: 'Install Slack' }));
    await expect(dialog.getByText('Its settings were kept when it was uninstalled; check them on the next step.')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Next' }));
    await expect(await dialog.findByRole('textbox', { name: /^Slack team ID/ })).toHaveValue('T024BE7LD');
    await userEvent.click(dialog.getByRole('button', { name: 'Install' }));
    await expect(await body().findByText('Slack installed successfully')).toBeInTheDocument();
    await expect(loadedPartnerAppsApi(loaded).requestsOf('updateTenantApp')[2]?.body).toEqual({ teamId: 'T024BE7LD', command: '/meet', state: 'installed' });
    await waitFor(() => expect(slack.getByText('Installed')).toBeInTheDocument());
  },
};

/** Remove asks first, in red, saying the settings go; Cancel keeps the app, Remove deletes it. */
export const Remove: Story = {
  loaders: [apiLoader({ tenantApps: installed })],
  play: async ({ canvasElement, loaded }) => {
    const slack = await card(canvasElement, 'Slack');
    await userEvent.click(slack.getByRole('button', { name: 'Remove Slack' }));
    let confirm = within(await body().findByRole('dialog', { name: 'Remove Slack' }));
    await expect(confirm.getByText('All its settings, API key included, are deleted. Installing it again starts from scratch.')).toBeInTheDocument();
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(confirm.getByRole('button', { name: 'Cancel' }));
    await expect(loadedPartnerAppsApi(loaded).requestsOf('removeTenantApp')).toHaveLength(0);

    await userEvent.click(slack.getByRole('button', { name: 'Remove Slack' }));
    confirm = within(await body().findByRole('dialog', { name: 'Remove Slack' }));
    await userEvent.click(confirm.getByRole('button', { name: 'Remove' }));
    await expect(await body().findByText('Slack removed successfully')).toBeInTheDocument();
    await expect(loadedPartnerAppsApi(loaded).requestsOf('removeTenantApp')[0]?.method).toBe('DELETE');
    await waitFor(() => expect(slack.getByText('Not installed')).toBeInTheDocument());
    await expect(slack.queryByText('/meet')).toBeNull();
  },
};

/** A failed uninstall keeps the confirmation open and shows the spec's failure text. */
export const UninstallFails: Story = {
  loaders: [apiLoader({ tenantApps: installed, failing: ['updateTenantApp'] })],
  play: async ({ canvasElement }) => {
    await userEvent.click((await card(canvasElement, 'Neosound')).getByRole('button', { name: 'Uninstall Neosound' }));
    const confirm = within(await body().findByRole('dialog', { name: 'Uninstall Neosound' }));
    await userEvent.click(confirm.getByRole('button', { name: 'Uninstall' }));
    await expect(await body().findByText('Failed, Try Again..!!')).toBeInTheDocument();
    await expect(confirm.getByRole('button', { name: 'Uninstall' })).toBeInTheDocument();
  },
};

/** With `tenant.partner_app.get` only, the apps and their settings show without actions. */
export const ReadOnly: Story = {
  loaders: [apiLoader({ tenantApps: installed, permissions: ['tenant.partner_app.get'] })],
  play: async ({ canvasElement }) => {
    const neosound = await card(canvasElement, 'Neosound');
    await expect(neosound.getByText('Installed')).toBeInTheDocument();
    await expect(neosound.queryAllByRole('button')).toHaveLength(0);
    await expect((await card(canvasElement, 'Slack')).queryAllByRole('button')).toHaveLength(0);
  },
};

/** The list cannot be read: the failure text and Retry, which reads it again. */
export const LoadFails: Story = {
  loaders: [apiLoader({ failing: ['getTenantApps'] })],
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Failed, Try Again..!!')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(loadedPartnerAppsApi(loaded).requestsOf('getTenantApps')).toHaveLength(2));
  },
};

/** In Arabic, right to left; the team ID and command stay left to right. */
export const Arabic: Story = {
  parameters: { language: 'ar' },
  loaders: [apiLoader({ tenantApps: installed }), languageLoader('ar')],
  play: async ({ canvasElement }) => {
    const slack = await card(canvasElement, 'Slack');
    const command = slack.getByText('/meet');
    await expect(command).toHaveAttribute('dir', 'ltr');
    await expect(command.closest('[dir="rtl"]')).not.toBeNull();
    await expect(slack.getByRole('button', { name: 'إزالة Slack' })).toBeInTheDocument();
  },
};
