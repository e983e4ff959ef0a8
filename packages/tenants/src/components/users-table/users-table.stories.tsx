import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { useServerTable } from '@portal/ui-kit';
import { toUserSort, useUsers } from '../../api/users/get-users';
import { fakeUsers, fakeUsersApiLoader, loadedApi, withUsersProviders } from '../../testing';
import { UsersTable } from './users-table';

const users = fakeUsers(30).map((user, index) => (index === 1 ? { ...user, roles: ['admin', 'member'] } : user));

/** The table as its screens use it: a server table and one page of getUsers. */
function UsersTableOfUsers() {
  const table = useServerTable({ defaultSort: { id: 'email', desc: false } });
  const page = useUsers({ ...table.params, sort: toUserSort(table.params.sort) });
  return <UsersTable table={table} users={page} />;
}

const meta = {
  title: 'Tenants/Users/UsersTable',
  component: UsersTableOfUsers,
  decorators: [withUsersProviders],
  loaders: [fakeUsersApiLoader({ users })],
} satisfies Meta<typeof UsersTableOfUsers>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Email, names, every role and the status; sorting and paging go to the server. */
export const Page: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const table = within(await canvas.findByRole('table', { name: 'Users' }));
    for (const header of ['Email', 'First Name', 'Last Name', 'Role', 'Status']) {
      await expect(table.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    await expect(await table.findByRole('cell', { name: 'admin, member' })).toBeInTheDocument();
    await expect(table.getAllByText('Disabled').length).toBeGreaterThan(0);
    await userEvent.click(table.getByRole('button', { name: 'Last Name' }));
    await waitFor(() => expect(loadedApi(loaded).requestsOf('getUsers').at(-1)?.query.get('sort')).toBe('lastName'));
    await userEvent.click(canvas.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(loadedApi(loaded).requestsOf('getUsers').at(-1)?.query.get('cursor')).toBe('offset:25'));
  },
};

/** No users: the spec's empty text. */
export const Empty: Story = {
  loaders: [fakeUsersApiLoader({ users: [] })],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('There are no users!')).toBeInTheDocument();
  },
};

/** A search matching nobody: 'No results..' instead. */
export const NoResults: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('cell', { name: 'admin, member' });
    await userEvent.type(canvas.getByRole('searchbox'), 'nobody-at-all');
    await expect(await canvas.findByText('No results..')).toBeInTheDocument();
  },
};

/** A failed load: the failure text and Retry. */
export const LoadError: Story = {
  loaders: [fakeUsersApiLoader({ users, failing: { getUsers: { status: 500 } } })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Failed, Try Again..!!')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  },
};
