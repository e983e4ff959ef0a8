import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { fakePartnerAppsApiLoader, fakeTenantApp, languageLoader, loadedPartnerAppsApi, withAdminProviders, type FakePartnerAppsApiOptions } from '../../testing';
import { PartnerAppDialog } from './partner-app-dialog';

const acme = { id: '00000000-0000-4000-8000-000000000001' };
const apiLoader = (options: FakePartnerAppsApiOptions = {}) => fakePartnerAppsApiLoader({ tenantIds: [acme.id], ...options });
const notInstalled = (app: 'neosound' | 'slack') => fakeTenantApp(app, { state: 'not_installed', settings: null, installedAt: null, updatedAt: null });

const meta = {
  title: 'Apps/PartnerAppDialog',
  component: PartnerAppDialog,
  decorators: [withAdminProviders],
  args: { opened: true, tenantId: acme.id, app: notInstalled('neosound'), onClose: fn() },
  loaders: [apiLoader()],
} satisfies Meta<typeof PartnerAppDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

/**
 * The wizard by keyboard: Enter on Next shows the settings, the "About" step goes back to the
 * description, and Next again keeps what was typed.
 */
export const StepsByKeyboard: Story = {
  play: async ({ args }) => {
    const dialog = within(await body().findByRole('dialog', { name: 'Install Neosound' }));
    await expect(dialog.getByText('Once installed, Neosound may:')).toBeInTheDocument();
    dialog.getByRole('button', { name: 'Next' }).focus();
    await userEvent.keyboard('{Enter}');
    const key = await dialog.findByLabelText(/^API key/);
    await waitFor(() => expect(key).toHaveFocus());
    await userEvent.keyboard('ns_live_4f9a8b7c6d5e4f3a');
    await expect(dialog.getByText('Stored encrypted and never shown again.')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: /About/ }));
    await expect(await dialog.findByText('Once installed, Neosound may:')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Next' }));
    await expect(await dialog.findByLabelText(/^API key/)).toHaveValue('ns_live_4f9a8b7c6d5e4f3a');
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await expect(args.onClose).toHaveBeenCalled();
  },
};

/** Installed meanwhile by someone else: the server's 409 says it is already installed. */
export const AlreadyInstalled: Story = {
  args: { onClose: fn() },
  loaders: [apiLoader({ tenantApps: { [acme.id]: [fakeTenantApp('neosound')] } })],
  play: async ({ args }) => {
    const dialog = within(await body().findByRole('dialog', { name: 'Install Neosound' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Next' }));
    await userEvent.type(await dialog.findByLabelText(/^API key/), 'ns_live_4f9a8b7c6d5e4f3a');
    await userEvent.click(dialog.getByRole('button', { name: 'Install' }));
    await expect(await body().findByText('This app is already installed')).toBeInTheDocument();
    await expect(args.onClose).not.toHaveBeenCalled();
  },
};

/** The server's field errors land under their fields with the wizard's own texts. */
export const ServerFieldErrors: Story = {
  args: { app: fakeTenantApp('slack'), onClose: fn() },
  loaders: [apiLoader({ tenantApps: { [acme.id]: [fakeTenantApp('slack')] }, refusing: ['updateTenantApp'] })],
  play: async ({ args, loaded }) => {
    const dialog = within(await body().findByRole('dialog', { name: 'Configure Slack' }));
    await expect(dialog.getByRole('textbox', { name: /^Slash command/ })).toHaveValue('/meet');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await expect(await body().findByText('Please check the highlighted fields')).toBeInTheDocument();
    await expect(loadedPartnerAppsApi(loaded).requestsOf('updateTenantApp')[0]?.body).toEqual({ teamId: 'T024BE7LD', command: '/meet' });
    await expect(args.onClose).not.toHaveBeenCalled();
  },
};

/** Configuring Slack sends its settings only; a successful save closes the dialog. */
export const ConfigureSlack: Story = {
  args: { app: fakeTenantApp('slack') },
  loaders: [apiLoader({ tenantApps: { [acme.id]: [fakeTenantApp('slack')] } })],
  play: async ({ args, loaded }) => {
    const dialog = within(await body().findByRole('dialog', { name: 'Configure Slack' }));
    const command = dialog.getByRole('textbox', { name: /^Slash command/ });
    await userEvent.clear(command);
    await userEvent.type(command, '/acme');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await expect(await body().findByText('Slack edited successfully')).toBeInTheDocument();
    await expect(loadedPartnerAppsApi(loaded).requestsOf('updateTenantApp')[0]?.body).toEqual({ teamId: 'T024BE7LD', command: '/acme' });
    await waitFor(() => expect(args.onClose).toHaveBeenCalled());
  },
};

/** French: the catalog's words and validation texts. */
export const French: Story = {
  args: { app: notInstalled('slack') },
  parameters: { language: 'fr' },
  loaders: [apiLoader(), languageLoader('fr')],
  play: async () => {
    const dialog = within(await body().findByRole('dialog', { name: 'Installer Slack' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Suivant' }));
    await userEvent.click(await dialog.findByRole('button', { name: 'Installer' }));
    await expect((await dialog.findAllByText('Ce champ est obligatoire')).length).toBe(2);
  },
};
