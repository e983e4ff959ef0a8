import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { FAKE_ADMIN_ROLE_ID, FAKE_SECRET, fakeDevClient, fakeNumbersApiLoader, loadedNumbersApi, withAdminProviders } from '../../testing';
import { DevClientFormDialog } from './dev-client-form-dialog';

const existing = fakeDevClient(1, { name: 'Analytics' });

const meta = {
  title: 'Tenants/DevClients/DevClientFormDialog',
  component: DevClientFormDialog,
  decorators: [withAdminProviders],
  loaders: [fakeNumbersApiLoader({ devClients: [existing] })],
  args: { opened: true, onClose: fn(), onSecret: fn() },
} satisfies Meta<typeof DevClientFormDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

/**
 * The empty form: no name gives the spec's 'Enter a valid CLient'; an http redirect URI off
 * localhost and an origin with a path give 'Enter a valid Uris' and 'Please provide a valid
 * content'. Nothing is sent.
 */
export const EmptyFormValidation: Story = {
  args: { onClose: fn(), onSecret: fn() },
  play: async ({ args, loaded }) => {
    const dialog = within(await body().findByRole('dialog', { name: 'Create client' }));
    await expect(dialog.getByRole('textbox', { name: /^Name/ })).toHaveValue('');
    await expect(dialog.getByRole('checkbox', { name: 'Status' })).toBeChecked();
    await expect(dialog.queryByRole('checkbox', { name: 'Regenerate secret' })).toBeNull();
    await userEvent.click(dialog.getByRole('button', { name: 'Submit' }));
    await expect(await dialog.findByText('Enter a valid CLient')).toBeInTheDocument();

    await userEvent.type(dialog.getByRole('textbox', { name: /^Name/ }), 'Reports');
    await userEvent.type(dialog.getByRole('combobox', { name: /^Redirect URIs/ }), 'http://reports.example.com/cb{enter}');
    await userEvent.type(dialog.getByRole('combobox', { name: /^Web origins/ }), 'https://reports.example.com/app{enter}');
    await userEvent.click(dialog.getByRole('button', { name: 'Submit' }));
    await expect(await dialog.findByText('Enter a valid Uris')).toBeInTheDocument();
    await expect(dialog.getByText('Please provide a valid content')).toBeInTheDocument();
    await expect(dialog.queryByText('Enter a valid CLient')).toBeNull();
    await expect(loadedNumbersApi(loaded).requestsOf('putDevClient')).toHaveLength(0);
    await expect(args.onSecret).not.toHaveBeenCalled();
  },
};

/** A valid client with the admin role is created; the dialog closes and hands over the secret made once. */
export const Create: Story = {
  args: { onClose: fn(), onSecret: fn() },
  play: async ({ args, loaded }) => {
    const dialog = within(await body().findByRole('dialog', { name: 'Create client' }));
    await userEvent.type(dialog.getByRole('textbox', { name: /^Name/ }), 'Reports');
    await userEvent.type(dialog.getByRole('combobox', { name: /^Redirect URIs/ }), 'https://reports.example.com/cb{enter}');
    await userEvent.type(dialog.getByRole('combobox', { name: /^Web origins/ }), 'https://reports.example.com{enter}');
    await userEvent.click(dialog.getByRole('combobox', { name: /^Role/ }));
    await userEvent.click(await body().findByRole('option', { name: 'admin' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Submit' }));
    await expect(await body().findByText('Reports created successfully')).toBeInTheDocument();
    await expect(args.onClose).toHaveBeenCalledOnce();
    const created = loadedNumbersApi(loaded).devClients.at(-1)!;
    await expect(args.onSecret).toHaveBeenCalledWith({ clientId: created.clientId, secret: FAKE_SECRET });
    await expect(loadedNumbersApi(loaded).requestsOf('putDevClient')[0]?.body).toEqual({
      name: 'Reports',
      status: 'enabled',
      redirectUris: ['https://reports.example.com/cb'],
      webOrigins: ['https://reports.example.com'],
      roleId: FAKE_ADMIN_ROLE_ID,
    });
  },
};

/** Editing shows the stored client; regenerating the secret hands over the new one. */
export const EditRegenerateSecret: Story = {
  args: { client: existing, onClose: fn(), onSecret: fn() },
  play: async ({ args, loaded }) => {
    const dialog = within(await body().findByRole('dialog', { name: 'Edit client' }));
    await expect(dialog.getByRole('textbox', { name: /^Name/ })).toHaveValue('Analytics');
    await waitFor(() => expect(dialog.getByRole('combobox', { name: /^Role/ })).toHaveValue('member'));
    await expect(dialog.getByText('https://app.example.com/callback')).toBeInTheDocument();
    await expect(dialog.getByText('https://app.example.com')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Regenerate secret' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Submit' }));
    await expect(await body().findByText('Analytics edited successfully')).toBeInTheDocument();
    await expect(loadedNumbersApi(loaded).requestsOf('updateDevClient')[0]?.body).toMatchObject({ name: 'Analytics', status: 'enabled', regenerateSecret: true });
    await expect(args.onSecret).toHaveBeenCalledWith({ clientId: existing.clientId, secret: FAKE_SECRET });
    await expect(args.onClose).toHaveBeenCalledOnce();
  },
};

/** The server fails: its failure text shows as a snackbar and the dialog stays open with the values. */
export const ServerError: Story = {
  args: { onClose: fn(), onSecret: fn() },
  loaders: [fakeNumbersApiLoader({ devClients: [existing], failing: ['putDevClient'] })],
  play: async ({ args, loaded }) => {
    const dialog = within(await body().findByRole('dialog', { name: 'Create client' }));
    await userEvent.type(dialog.getByRole('textbox', { name: /^Name/ }), 'Reports');
    await userEvent.click(dialog.getByRole('button', { name: 'Submit' }));
    await expect(await body().findByText('Failed, Try Again..!!')).toBeInTheDocument();
    await expect(loadedNumbersApi(loaded).requestsOf('putDevClient')).toHaveLength(1);
    await expect(dialog.getByRole('textbox', { name: /^Name/ })).toHaveValue('Reports');
    await expect(args.onClose).not.toHaveBeenCalled();
    await expect(args.onSecret).not.toHaveBeenCalled();
  },
};
