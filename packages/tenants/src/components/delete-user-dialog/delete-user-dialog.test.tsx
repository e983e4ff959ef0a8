import { playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeUsers, renderWithUsersApi } from '../../testing';
import { UsersScreen } from '../users-screen';
import { DeleteUserDialog } from './delete-user-dialog';
import * as stories from './delete-user-dialog.stories';

const users = fakeUsers(5);
const target = users[1]!;
const heir = users[2]!;

describe('DeleteUserDialog', () => {
  it("asks the spec's question and deletes without transfer by default", async () => {
    const onClose = vi.fn();
    const { user, api } = renderWithUsersApi(<DeleteUserDialog opened user={target} onClose={onClose} />, { users });
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete user' }));
    expect(dialog.getByText('Are you sure you want to delete the user ?')).toBeInTheDocument();
    expect(dialog.getByRole('combobox', { name: "New owner of the user's data" })).toHaveValue("Don't transfer data");
    expect(dialog.getByText('Data that is not transferred is deleted with the user.')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    const request = api.requestsOf('deleteUser')[0];
    expect(request).toMatchObject({ method: 'DELETE', path: `/users/${target.id}` });
    expect(request?.query.has('transferTo')).toBe(false);
    expect(await screen.findByText('User deleted')).toBeInTheDocument();
  });

  it('transfers the data to a new owner found by search', async () => {
    const { user, api } = renderWithUsersApi(<DeleteUserDialog opened user={target} onClose={vi.fn()} />, { users });
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete user' }));
    const owner = dialog.getByRole('combobox', { name: "New owner of the user's data" });
    await user.clear(owner);
    await user.type(owner, heir.lastName);
    await waitFor(() => expect(api.requestsOf('getUsers').at(-1)?.query.get('q')).toBe(heir.lastName));
    expect(api.requestsOf('getUsers').at(-1)?.query.get('status')).toBe('enabled');
    await user.click(await screen.findByRole('option', { name: new RegExp(heir.email) }));
    expect(dialog.getByText(`Their meetings, recordings and other data move to ${heir.email}.`)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.requestsOf('deleteUser')).toHaveLength(1));
    expect(api.requestsOf('deleteUser')[0]?.query.get('transferTo')).toBe(heir.id);
  });

  it('never offers the deleted user as their own heir', async () => {
    const { user } = renderWithUsersApi(<DeleteUserDialog opened user={target} onClose={vi.fn()} />, { users });
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete user' }));
    await user.click(dialog.getByRole('combobox', { name: "New owner of the user's data" }));
    await screen.findByRole('option', { name: new RegExp(users[0]!.email) });
    expect(screen.queryByRole('option', { name: new RegExp(target.email) })).not.toBeInTheDocument();
  });

  it('keeps the dialog open and reports a refused owner', async () => {
    const onClose = vi.fn();
    const { user } = renderWithUsersApi(<DeleteUserDialog opened user={target} onClose={onClose} />, {
      users,
      failing: { deleteUser: { status: 400, problem: { code: 'owner_invalid' } } },
    });
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete user' }));
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Choose a valid new owner')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('removes the row from the Users screen', async () => {
    const { user } = renderWithUsersApi(<UsersScreen />, { users });
    const cell = await screen.findByRole('cell', { name: target.email });
    const row = within(cell.closest('tr')!);
    await user.click(row.getByRole('button', { name: 'Delete' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete user' }));
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('cell', { name: target.email })).not.toBeInTheDocument());
  });
});

describe('DeleteUserDialog stories', () => {
  const composed = composeStories(stories);
  it.each(Object.entries(composed))('%s renders and passes its play function', (_name, Story) => playStory(Story));
});
