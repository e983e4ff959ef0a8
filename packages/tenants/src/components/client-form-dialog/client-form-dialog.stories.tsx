import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { fakeAdminApiLoader, fakeClient, loadedAdminApi, withAdminProviders } from '../../testing';
import { ClientFormDialog } from './client-form-dialog';

const existing = fakeClient(1, { name: 'Android app' });

const meta = {
  title: 'Tenants/Clients/ClientFormDialog',
  component: ClientFormDialog,
  decorators: [withAdminProviders],
  loaders: [fakeAdminApiLoader({ clients: [existing] })],
  args: { opened: true, onClose: fn() },
} satisfies Meta<typeof ClientFormDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

/** The server's answers land on their fields: a taken name under Name. */
export const ServerFieldErrors: Story = {
  play: async ({ args, loaded }) => {
    const dialog = within(await body().findByRole('dialog', { name: 'Create client' }));
    await userEvent.type(dialog.getByRole('textbox', { name: /^Name/ }), 'Android app');
    await userEvent.click(dialog.getByRole('button', { name: 'Create' }));
    await expect(await dialog.findByText('This name is already taken')).toBeInTheDocument();
    await expect(loadedAdminApi(loaded).requestsOf('putClient')).toHaveLength(1);
    await expect(args.onClose).not.toHaveBeenCalled();
  },
};

/** Editing shows the client's tenant (not changeable) and its stored ICE servers. */
export const Edit: Story = {
  args: { client: existing },
  play: async () => {
    const dialog = within(await body().findByRole('dialog', { name: 'Edit client' }));
    await expect(dialog.getByRole('textbox', { name: 'Tenant name' })).toHaveValue(existing.tenantName);
    await expect(dialog.getByRole('textbox', { name: 'Tenant name' })).toHaveAttribute('readonly');
    const video = within(dialog.getByRole('group', { name: 'ICE servers for video' }));
    await expect(video.getByRole('textbox', { name: /^Url/ })).toHaveValue('turn:turn.acme.example:3478');
    await userEvent.click(video.getByRole('button', { name: 'Remove ICE server 1' }));
    await expect(video.getByText('No ICE servers')).toBeInTheDocument();
  },
};

/**
 * The spec's texts for the URL fields (spec section 5, 'Client version | URL'): 'Enter a valid
 * URL' under Version URL and App server, 'Enter a valid Uris' under an ICE server's url; nothing
 * is sent.
 */
export const InvalidUrls: Story = {
  play: async ({ loaded }) => {
    const dialog = within(await body().findByRole('dialog', { name: 'Create client' }));
    await userEvent.type(dialog.getByRole('textbox', { name: /^Name/ }), 'Web app');
    await userEvent.type(dialog.getByRole('textbox', { name: /^Version URL/ }), '2.1.0');
    await userEvent.type(dialog.getByRole('textbox', { name: /^App server/ }), 'ftp://app.acme.example');
    const video = within(dialog.getByRole('group', { name: 'ICE servers for video' }));
    await userEvent.click(video.getByRole('button', { name: 'Add ICE server' }));
    await userEvent.type(video.getByRole('textbox', { name: /^Url/ }), 'turn.acme.example');
    await userEvent.click(dialog.getByRole('button', { name: 'Create' }));
    await expect(await dialog.findAllByText('Enter a valid URL')).toHaveLength(2);
    await expect(dialog.getByRole('textbox', { name: /^Version URL/ })).toHaveAccessibleDescription('Enter a valid URL');
    await expect(dialog.getByRole('textbox', { name: /^App server/ })).toHaveAccessibleDescription('Enter a valid URL');
    await expect(video.getByText('Enter a valid Uris')).toBeInTheDocument();
    await expect(loadedAdminApi(loaded).requestsOf('putClient')).toHaveLength(0);
  },
};

/** A URL the form lets through but the server refuses (longer than 500 characters): its `invalid_url` reads 'Enter a valid URL' under the field. */
export const ServerInvalidUrl: Story = {
  play: async ({ args, loaded }) => {
    const dialog = within(await body().findByRole('dialog', { name: 'Create client' }));
    await userEvent.type(dialog.getByRole('textbox', { name: /^Name/ }), 'Web app');
    await userEvent.click(dialog.getByRole('textbox', { name: /^App server/ }));
    await userEvent.paste(`https://app.acme.example/${'a'.repeat(500)}`);
    await userEvent.click(dialog.getByRole('button', { name: 'Create' }));
    await expect(await dialog.findByText('Enter a valid URL')).toBeInTheDocument();
    await expect(dialog.getByRole('textbox', { name: /^App server/ })).toHaveAccessibleDescription('Enter a valid URL');
    await expect(loadedAdminApi(loaded).requestsOf('putClient')).toHaveLength(1);
    await expect(args.onClose).not.toHaveBeenCalled();
  },
};
