import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { fakeUsers, fakeUsersApiLoader, loadedApi, withUsersProviders } from '../../testing';
import { DeleteUserDialog } from './delete-user-dialog';

const users = fakeUsers(6);

const meta = {
  title: 'Tenants/Users/DeleteUserDialog',
  component: DeleteUserDialog,
  decorators: [withUsersProviders],
  loaders: [fakeUsersApiLoader({ users })],
  args: { opened: true, user: users[1]!, onClose: fn() },
} satisfies Meta<typeof DeleteUserDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const DontTransfer: Story = {
  play: async ({ canvasElement, args, loaded }) => {
    const body = within(canvasElement.ownerDocument.body);
    const dialog = within(await body.findByRole('dialog', { name: 'Delete user' }));
    await expect(dialog.getByText('Are you sure you want to delete the user ?')).toBeInTheDocument();
    await expect(dialog.getByRole('combobox', { name: "New owner of the user's data" })).toHaveValue("Don't transfer data");
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(args.onClose).toHaveBeenCalledOnce());
    await expect(loadedApi(loaded).requestsOf('deleteUser')[0]?.query.has('transferTo')).toBe(false);
  },
};

export const TransferToNewOwner: Story = {
  play: async ({ canvasElement, loaded }) => {
    const api = loadedApi(loaded);
    const heir = users[4]!;
    const body = within(canvasElement.ownerDocument.body);
    const dialog = within(await body.findByRole('dialog', { name: 'Delete user' }));
    const owner = dialog.getByRole('combobox', { name: "New owner of the user's data" });
    await userEvent.clear(owner);
    await userEvent.type(owner, heir.firstName);
    await userEvent.click(await body.findByRole('option', { name: new RegExp(heir.email) }));
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.requestsOf('deleteUser')[0]?.query.get('transferTo')).toBe(heir.id));
  },
};
