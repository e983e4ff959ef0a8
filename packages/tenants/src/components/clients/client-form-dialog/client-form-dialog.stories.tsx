import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { fakeAdminApiLoader, fakeClient, loadedAdminApi, withAdminProviders } from '../../../testing';
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
