import { playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeTenants, fakeUsers, renderWithUsersApi } from '../../testing';
import { UsersScreen } from '../users-screen';
import { UserFormDialog } from './user-form-dialog';
import * as stories from './user-form-dialog.stories';

const PASSWORD_RULE = 'Password must contain at least 6 characters, including upper case/ lower case and numbers';

async function dialog(name: string) {
  return within(await screen.findByRole('dialog', { name }));
}

/** The chosen roles, as the pills of the Roles field show them. */
function chosenRoles(form: ReturnType<typeof within>) {
  const field = form.getByRole('combobox', { name: 'Roles' }).closest('.mantine-MultiSelect-root');
  return [...(field?.querySelectorAll('.mantine-Pill-label') ?? [])].map((pill) => pill.textContent);
}

/** A new user starts with the member role once the assignable roles have loaded. */
async function memberPreselected(form: ReturnType<typeof within>) {
  await waitFor(() => expect(chosenRoles(form)).toEqual(['member']));
}

async function fillValidUser(user: UserEvent, form: ReturnType<typeof within>, email = 'new.person@acme.example') {
  await user.type(form.getByRole('textbox', { name: /Email/ }), email);
  await user.type(form.getByRole('textbox', { name: /First Name/ }), 'Nodira');
  await user.type(form.getByRole('textbox', { name: /Last Name/ }), "O'Neil-Karimova");
  await memberPreselected(form);
}

describe('UserFormDialog (add)', () => {
  it('shows every spec message for an empty form and sends nothing', async () => {
    const { user, api } = renderWithUsersApi(<UserFormDialog opened onClose={vi.fn()} />);
    const form = await dialog('Add user');
    await memberPreselected(form);
    // Taking the preselected role away leaves the field empty, which is refused.
    await user.click(form.getByRole('combobox', { name: 'Roles' }));
    await user.keyboard('{Backspace}');
    expect(chosenRoles(form)).toEqual([]);
    await user.click(form.getByRole('button', { name: 'Add' }));
    expect(form.getByRole('textbox', { name: /Email/ })).toHaveAccessibleDescription('Enter a valid email');
    expect(form.getByRole('textbox', { name: /First Name/ })).toHaveAccessibleDescription('Enter a valid first name');
    expect(form.getByRole('textbox', { name: /Last Name/ })).toHaveAccessibleDescription('Enter a valid last name');
    expect(form.getByText('This field is required')).toBeInTheDocument();
    expect(api.requestsOf('addUser')).toHaveLength(0);
  });

  it('rejects a malformed email, a name with digits and a weak manual password', async () => {
    const { user, api } = renderWithUsersApi(<UserFormDialog opened onClose={vi.fn()} />);
    const form = await dialog('Add user');
    await user.type(form.getByRole('textbox', { name: /Email/ }), 'someone@nowhere');
    await user.type(form.getByRole('textbox', { name: /First Name/ }), 'R2D2');
    await user.type(form.getByRole('textbox', { name: /Last Name/ }), ' ');
    await memberPreselected(form);
    await user.click(form.getByRole('radio', { name: 'Set password' }));
    await user.type(form.getByLabelText(/New password/), 'abcdef');
    await user.click(form.getByRole('button', { name: 'Add' }));
    expect(form.getByText('Enter a valid email')).toBeInTheDocument();
    expect(form.getByText('Enter a valid first name')).toBeInTheDocument();
    expect(form.getByText('Enter a valid last name')).toBeInTheDocument();
    expect(form.getByText(PASSWORD_RULE)).toBeInTheDocument();
    expect(form.queryByText('This field is required')).not.toBeInTheDocument();
    expect(api.requestsOf('addUser')).toHaveLength(0);
  });

  it("puts the server's email_exists under the email field", async () => {
    const existing = fakeUsers(1)[0]!;
    const { user, api } = renderWithUsersApi(<UserFormDialog opened onClose={vi.fn()} />, { users: [existing] });
    const form = await dialog('Add user');
    await fillValidUser(user, form, existing.email);
    await user.click(form.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(form.getByRole('textbox', { name: /Email/ })).toHaveAccessibleDescription('Email already registered'));
    expect(api.requestsOf('addUser')).toHaveLength(1);
  });

  it('maps server field errors onto their fields with the spec messages', async () => {
    const { user } = renderWithUsersApi(<UserFormDialog opened onClose={vi.fn()} />, {
      failing: {
        addUser: {
          status: 400,
          problem: { code: 'validation_failed', errors: [{ field: 'lastName', code: 'invalid_last_name' }, { field: 'roles.0', code: 'invalid_role' }] },
        },
      },
    });
    const form = await dialog('Add user');
    await fillValidUser(user, form);
    await user.click(form.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(form.getByRole('textbox', { name: /Last Name/ })).toHaveAccessibleDescription('Enter a valid last name'));
    expect(form.getByText('Choose a valid role')).toBeInTheDocument();
  });

  it('sends the chosen options and hands the sign-in info on', async () => {
    const onCreated = vi.fn();
    const { user, api } = renderWithUsersApi(<UserFormDialog opened onClose={vi.fn()} onCreated={onCreated} />);
    const form = await dialog('Add user');
    expect(form.getByRole('radio', { name: 'Generate' })).toBeChecked();
    expect(form.getByRole('checkbox', { name: 'Change password on next sign-in' })).toBeChecked();
    expect(form.getByRole('checkbox', { name: 'Enable' })).toBeChecked();
    await fillValidUser(user, form);
    await user.click(form.getByRole('radio', { name: 'Set password' }));
    await user.type(form.getByLabelText(/New password/), 'Str0ngPass');
    await user.click(form.getByRole('checkbox', { name: 'Enable' }));
    await user.click(form.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledOnce());
    expect(api.requestsOf('addUser')[0]?.body).toEqual({
      email: 'new.person@acme.example',
      firstName: 'Nodira',
      lastName: "O'Neil-Karimova",
      roles: ['member'],
      passwordMode: 'manual',
      password: 'Str0ngPass',
      changePasswordOnSignIn: true,
      enabled: false,
    });
    expect(onCreated.mock.calls[0]![0]).toMatchObject({ signIn: { email: 'new.person@acme.example', password: 'Str0ngPass' } });
    expect(await screen.findByText('New user added')).toBeInTheDocument();
  });

  it('lets the super administrator add the user to another tenant', async () => {
    const { user, api } = renderWithUsersApi(<UserFormDialog opened onClose={vi.fn()} onCreated={vi.fn()} />, { role: 'superadmin' });
    const form = await dialog('Add user');
    await user.click(form.getByRole('combobox', { name: 'Tenant' }));
    await user.click(await screen.findByRole('option', { name: fakeTenants[1]!.name }));
    await fillValidUser(user, form);
    await user.click(form.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(api.requestsOf('tenantAddUser')).toHaveLength(1));
    expect(api.requestsOf('tenantAddUser')[0]?.path).toBe(`/tenants/${fakeTenants[1]!.id}/users`);
    expect(api.requestsOf('addUser')).toHaveLength(0);
  });

  it('offers no tenant choice to a tenant administrator', async () => {
    renderWithUsersApi(<UserFormDialog opened onClose={vi.fn()} />, { role: 'admin' });
    const form = await dialog('Add user');
    await form.findByRole('textbox', { name: /Email/ });
    expect(form.queryByRole('combobox', { name: 'Tenant' })).not.toBeInTheDocument();
  });
});

describe('UserFormDialog (edit)', () => {
  it('edits names and roles, keeping the email read-only', async () => {
    const target = fakeUsers(2)[1]!;
    const onClose = vi.fn();
    const { user, api } = renderWithUsersApi(<UserFormDialog opened user={target} onClose={onClose} />, { users: fakeUsers(2) });
    const form = await dialog('Edit user');
    expect(form.getByRole('textbox', { name: /Email/ })).toHaveAttribute('readonly');
    expect(form.queryByRole('radio', { name: 'Generate' })).not.toBeInTheDocument();
    const firstName = form.getByRole('textbox', { name: /First Name/ });
    expect(firstName).toHaveValue(target.firstName);
    await user.clear(firstName);
    await user.type(firstName, 'Renée');
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(api.requestsOf('updateUser')[0]).toMatchObject({
      method: 'PATCH',
      path: `/users/${target.id}`,
      body: { firstName: 'Renée', lastName: target.lastName, roles: target.roles },
    });
    expect(await screen.findByText('User details edited')).toBeInTheDocument();
  });
});

describe('Adding a user from the Users screen', () => {
  it('shows the sign-in info after creating, and copies it all', async () => {
    const { user } = renderWithUsersApi(<UsersScreen />, { users: fakeUsers(2) });
    await user.click(await screen.findByRole('button', { name: 'Add' }));
    const form = await dialog('Add user');
    await fillValidUser(user, form);
    await user.click(form.getByRole('button', { name: 'Add' }));
    const info = await dialog('Sign-in information');
    expect(info.getByRole('textbox', { name: 'Email' })).toHaveValue('new.person@acme.example');
    expect(info.getByRole('textbox', { name: 'Password' })).toHaveValue('Gen3rated-Pa55');
    expect(info.getByRole('textbox', { name: 'Sign-in URL' })).toHaveValue('https://acme.portal.localhost/portal/login');
    await user.click(info.getByRole('button', { name: 'Copy all' }));
    expect(await screen.findByText('User info copied')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toContain('Gen3rated-Pa55');
    expect(await screen.findByRole('cell', { name: 'new.person@acme.example' })).toBeInTheDocument();
  });
});

describe('UserFormDialog stories', () => {
  const composed = composeStories(stories);
  it.each(Object.entries(composed))('%s renders and passes its play function', (_name, Story) => playStory(Story));
});
