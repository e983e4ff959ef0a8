import { playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeUsers, renderWithUsersApi } from '../../testing';
import { readFileText } from '../../utils/read-file-text';
import { UsersScreen } from './users-screen';
import * as stories from './users-screen.stories';

function lastQuery(requests: { query: URLSearchParams }[]) {
  return requests.at(-1)?.query;
}

async function findTable() {
  const table = await screen.findByRole('table', { name: 'Users' });
  await waitFor(() => expect(table).not.toHaveAttribute('aria-busy'));
  return table;
}

function rowOf(email: string) {
  const row = screen.getByRole('cell', { name: email }).closest('tr');
  if (!row) throw new Error(`No row for ${email}`);
  return within(row);
}

afterEach(() => vi.restoreAllMocks());

describe('UsersScreen', () => {
  it('lists the users with their role and status', async () => {
    const users = fakeUsers(4);
    renderWithUsersApi(<UsersScreen />, { users });
    await findTable();
    expect(screen.getByRole('heading', { name: 'Users' })).toBeInTheDocument();
    for (const header of ['Email', 'First Name', 'Last Name', 'Role', 'Status']) {
      expect(screen.getByRole('columnheader', { name: new RegExp(header) })).toBeInTheDocument();
    }
    const disabled = users[3]!;
    expect(rowOf(disabled.email).getByText('Disabled')).toBeInTheDocument();
    expect(rowOf(users[0]!.email).getByText('admin')).toBeInTheDocument();
    expect(rowOf(users[0]!.email).getByText('Enabled')).toBeInTheDocument();
  });

  it("says 'There are no users!' when the tenant has none", async () => {
    renderWithUsersApi(<UsersScreen />, { users: [] });
    expect(await screen.findByText('There are no users!')).toBeInTheDocument();
  });

  it('searches on the server with q', async () => {
    const users = fakeUsers(5);
    const { user, api } = renderWithUsersApi(<UsersScreen />, { users });
    await findTable();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), users[2]!.lastName);
    await waitFor(() => expect(lastQuery(api.requestsOf('getUsers'))?.get('q')).toBe(users[2]!.lastName));
    await waitFor(() => expect(screen.queryByRole('cell', { name: users[0]!.email })).not.toBeInTheDocument());
    expect(screen.getByRole('cell', { name: users[2]!.email })).toBeInTheDocument();
  });

  it('sorts by a column on the server: clicking Email asks for -email', async () => {
    const { user, api } = renderWithUsersApi(<UsersScreen />, { users: fakeUsers(3) });
    await findTable();
    expect(lastQuery(api.requestsOf('getUsers'))?.get('sort')).toBe('email');
    await user.click(screen.getByRole('button', { name: 'Email' }));
    await waitFor(() => expect(lastQuery(api.requestsOf('getUsers'))?.get('sort')).toBe('-email'));
    expect(screen.getByRole('columnheader', { name: /Email/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('pages forward with the cursor of the last answer and back again', async () => {
    const users = fakeUsers(30);
    const { user, api } = renderWithUsersApi(<UsersScreen />, { users });
    await findTable();
    expect(screen.getAllByRole('row')).toHaveLength(26);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(lastQuery(api.requestsOf('getUsers'))?.get('cursor')).toBe('offset:25'));
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(6));
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(26));
  });

  it('shows a failed load with Retry', async () => {
    const { user, api } = renderWithUsersApi(<UsersScreen />, { users: fakeUsers(2), failing: { getUsers: { status: 500 } } });
    expect(await screen.findByText('Failed, Try Again..!!')).toBeInTheDocument();
    delete api.failing.getUsers;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('cell', { name: api.users[0]!.email })).toBeInTheDocument();
  });

  it('shows every action to a user holding all user permissions', async () => {
    renderWithUsersApi(<UsersScreen />, { users: fakeUsers(1) });
    await findTable();
    for (const name of ['Add', 'Import', 'Export']) expect(screen.getByRole('button', { name })).toBeInTheDocument();
    const row = rowOf(fakeUsers(1)[0]!.email);
    for (const name of ['Edit', 'Disable', 'Invite', 'Delete']) expect(row.getByRole('button', { name })).toBeInTheDocument();
  });

  it('hides each action without its permission', async () => {
    renderWithUsersApi(<UsersScreen />, { users: fakeUsers(1), permissions: ['user.get', 'user.invite'] });
    await findTable();
    expect(screen.queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
    const row = rowOf(fakeUsers(1)[0]!.email);
    expect(row.getByRole('button', { name: 'Invite' })).toBeInTheDocument();
    for (const name of ['Edit', 'Disable', 'Delete']) expect(row.queryByRole('button', { name })).not.toBeInTheDocument();
  });

  it('has no toolbar or actions column for a read-only caller', async () => {
    renderWithUsersApi(<UsersScreen />, { users: fakeUsers(1), permissions: [] });
    await findTable();
    expect(screen.queryByRole('button', { name: 'Export' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
  });

  it('asks before disabling a user, changes nothing on Cancel, then disables and says so', async () => {
    const users = fakeUsers(1);
    const { user, api } = renderWithUsersApi(<UsersScreen />, { users });
    await findTable();
    await user.click(rowOf(users[0]!.email).getByRole('button', { name: 'Disable' }));
    let dialog = await screen.findByRole('dialog', { name: 'Disable user' });
    expect(within(dialog).getByText('Are you sure you want to disable this user?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Disable user' })).not.toBeInTheDocument());
    expect(api.requestsOf('updateUser')).toHaveLength(0);
    await user.click(rowOf(users[0]!.email).getByRole('button', { name: 'Disable' }));
    dialog = await screen.findByRole('dialog', { name: 'Disable user' });
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('User disabled')).toBeInTheDocument();
    expect(api.requestsOf('updateUser')[0]).toMatchObject({ method: 'PATCH', path: `/users/${users[0]!.id}`, body: { status: 'disabled' } });
    await waitFor(() => expect(rowOf(users[0]!.email).getByRole('button', { name: 'Enable' })).toBeInTheDocument());
    expect(rowOf(users[0]!.email).getByText('Disabled')).toBeInTheDocument();
  });

  it('sends an invitation', async () => {
    const users = fakeUsers(2);
    const { user, api } = renderWithUsersApi(<UsersScreen />, { users });
    await findTable();
    await user.click(rowOf(users[1]!.email).getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('Invitation sent successfully')).toBeInTheDocument();
    expect(api.requestsOf('inviteUser')[0]).toMatchObject({ method: 'POST', path: `/users/${users[1]!.id}/invite` });
  });

  it('ends every session of a user (admin role group only)', async () => {
    const users = fakeUsers(2);
    const { user, api } = renderWithUsersApi(<UsersScreen />, { users });
    await findTable();
    await user.click(rowOf(users[1]!.email).getByRole('button', { name: 'End sessions' }));
    expect(await screen.findByText('Sessions ended')).toBeInTheDocument();
    expect(api.requestsOf('deleteUserSessions')[0]).toMatchObject({ method: 'DELETE', path: `/users/${users[1]!.id}/sessions` });
  });

  it('offers no End sessions outside the admin role group', async () => {
    renderWithUsersApi(<UsersScreen />, { users: fakeUsers(1), role: 'member' });
    await findTable();
    expect(rowOf(fakeUsers(1)[0]!.email).queryByRole('button', { name: 'End sessions' })).not.toBeInTheDocument();
  });

  it('reports a failed invitation with the generic failure', async () => {
    const users = fakeUsers(1);
    const { user } = renderWithUsersApi(<UsersScreen />, { users, failing: { inviteUser: { status: 500 } } });
    await findTable();
    await user.click(rowOf(users[0]!.email).getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('Failed, Try Again..!!')).toBeInTheDocument();
  });

  it('exports the users matching the search as a CSV download', async () => {
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:users');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const users = fakeUsers(3);
    const { user, api } = renderWithUsersApi(<UsersScreen />, { users });
    await findTable();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), `${users[1]!.email}{Enter}`);
    await waitFor(() => expect(screen.queryByRole('cell', { name: users[0]!.email })).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(click).toHaveBeenCalledOnce());
    expect(lastQuery(api.requestsOf('exportUsers'))?.get('q')).toBe(users[1]!.email);
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('users.csv');
    const csv = await readFileText(createObjectURL.mock.calls[0]![0]);
    expect(csv.split('\r\n')).toEqual(['email,firstName,lastName,role,status', `${users[1]!.email},${users[1]!.firstName},${users[1]!.lastName},member,${users[1]!.status}`, '']);
  });
});

describe('UsersScreen stories', () => {
  const composed = composeStories(stories);
  it.each(Object.entries(composed))('%s renders and passes its play function', (_name, Story) => playStory(Story));
});
