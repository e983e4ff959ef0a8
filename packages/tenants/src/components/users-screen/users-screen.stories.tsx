import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { fakeUsers, fakeUsersApiLoader, loadedApi, withUsersProviders } from '../../testing';
import { UsersScreen } from './users-screen';

const users = fakeUsers(32);

const meta = {
  title: 'Tenants/Users/UsersScreen',
  component: UsersScreen,
  decorators: [withUsersProviders],
  loaders: [fakeUsersApiLoader({ users })],
} satisfies Meta<typeof UsersScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithData: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('cell', { name: users[0]!.email })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Next page' })).toBeEnabled();
  },
};

export const Empty: Story = {
  loaders: [fakeUsersApiLoader({ users: [] })],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('There are no users!')).toBeInTheDocument();
  },
};

export const LoadError: Story = {
  loaders: [fakeUsersApiLoader({ users, failing: { getUsers: { status: 500 } } })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Failed, Try Again..!!')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  },
};

export const ReadOnly: Story = {
  loaders: [fakeUsersApiLoader({ users, permissions: ['user.get'] })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('cell', { name: users[0]!.email });
    await expect(canvas.queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Export' })).toBeInTheDocument();
  },
};

/** Arabic layout: the toolbar, pager and row actions mirror. */
export const RightToLeft: Story = {
  parameters: { direction: 'rtl' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', { name: 'Users' });
    await canvas.findByRole('cell', { name: users[0]!.email });
    await expect(table.closest('[dir]')).toHaveAttribute('dir', 'rtl');
    await expect(canvas.getAllByRole('button', { name: 'Edit' }).length).toBeGreaterThan(0);
  },
};

export const AddUserValidation: Story = {
  play: async ({ canvasElement, loaded }) => {
    const api = loadedApi(loaded);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await body.findByRole('button', { name: 'Add' }));
    const dialog = within(await body.findByRole('dialog', { name: 'Add user' }));
    await userEvent.type(dialog.getByRole('textbox', { name: /Email/ }), 'not-an-email');
    await userEvent.click(dialog.getByRole('button', { name: 'Add' }));
    await expect(dialog.getByText('Enter a valid email')).toBeInTheDocument();
    await expect(dialog.getByText('Enter a valid first name')).toBeInTheDocument();
    await expect(dialog.getByText('Enter a valid last name')).toBeInTheDocument();
    await expect(api.requestsOf('addUser')).toHaveLength(0);
  },
};

export const DeleteConfirmation: Story = {
  play: async ({ canvasElement, loaded }) => {
    const api = loadedApi(loaded);
    const body = within(canvasElement.ownerDocument.body);
    const cell = await body.findByRole('cell', { name: users[0]!.email });
    await userEvent.click(within(cell.closest('tr')!).getByRole('button', { name: 'Delete' }));
    const dialog = within(await body.findByRole('dialog', { name: 'Delete user' }));
    await expect(dialog.getByText('Are you sure you want to delete the user ?')).toBeInTheDocument();
    await expect(dialog.getByText('Data that is not transferred is deleted with the user.')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    await expect(await body.findByText('User deleted')).toBeInTheDocument();
    await waitFor(() => expect(body.queryByRole('cell', { name: users[0]!.email })).not.toBeInTheDocument());
    await expect(api.requestsOf('deleteUser')[0]?.query.has('transferTo')).toBe(false);
  },
};
