import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { fakeUsers, fakeUsersApiLoader, loadedApi, withUsersProviders } from '../../testing';
import { UserFormDialog } from './user-form-dialog';

const users = fakeUsers(3);

const meta = {
  title: 'Tenants/Users/UserFormDialog',
  component: UserFormDialog,
  decorators: [withUsersProviders],
  loaders: [fakeUsersApiLoader({ users })],
  args: { opened: true, onClose: fn(), onCreated: fn() },
} satisfies Meta<typeof UserFormDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Add: Story = {
  play: async ({ canvasElement }) => {
    const dialog = within(await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Add user' }));
    // The spec's defaults for a new user: generated password, change it at first sign-in, enabled.
    await expect(dialog.getByRole('radio', { name: 'Generate' })).toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: 'Change password on next sign-in' })).toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: 'Enable' })).toBeChecked();
    await expect(dialog.queryByLabelText(/New password/)).not.toBeInTheDocument();
  },
};

export const AddValidation: Story = {
  play: async ({ canvasElement, loaded }) => {
    const body = within(canvasElement.ownerDocument.body);
    const dialog = within(await body.findByRole('dialog', { name: 'Add user' }));
    await userEvent.type(dialog.getByRole('textbox', { name: /First Name/ }), '42');
    await userEvent.click(dialog.getByRole('radio', { name: 'Set password' }));
    await userEvent.type(dialog.getByLabelText(/New password/), 'short{Enter}');
    await expect(dialog.getByText('Enter a valid email')).toBeInTheDocument();
    await expect(dialog.getByText('Enter a valid first name')).toBeInTheDocument();
    await expect(dialog.getByText('Enter a valid last name')).toBeInTheDocument();
    // Roles is the one field already valid: a new user starts with the member role.
    await expect(await dialog.findByText('member', { selector: '.mantine-Pill-label' })).toBeInTheDocument();
    await expect(dialog.queryByText('This field is required')).not.toBeInTheDocument();
    await expect(
      dialog.getByText('Password must contain at least 6 characters, including upper case/ lower case and numbers'),
    ).toBeInTheDocument();
    await expect(loadedApi(loaded).requestsOf('addUser')).toHaveLength(0);
  },
};

/** The tenant holds its user limit: the server's 409 as a translated snackbar, nobody created, the dialog open. */
export const UserLimitReached: Story = {
  loaders: [fakeUsersApiLoader({ users, maxUsers: 3 })],
  play: async ({ canvasElement, args, loaded }) => {
    const body = within(canvasElement.ownerDocument.body);
    const dialog = within(await body.findByRole('dialog', { name: 'Add user' }));
    await userEvent.type(dialog.getByRole('textbox', { name: /Email/ }), 'new.person@acme.example');
    await userEvent.type(dialog.getByRole('textbox', { name: /First Name/ }), 'Nodira');
    await userEvent.type(dialog.getByRole('textbox', { name: /Last Name/ }), 'Karimova');
    // The member role is preselected for a new user.
    await expect(await dialog.findByText('member', { selector: '.mantine-Pill-label' })).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Add' }));
    await expect(await body.findByText('This tenant has reached its maximum number of users.')).toBeInTheDocument();
    await expect(loadedApi(loaded).users).toHaveLength(3);
    await expect(args.onCreated).not.toHaveBeenCalled();
    await expect(body.getByRole('dialog', { name: 'Add user' })).toBeInTheDocument();
  },
};

export const EmailAlreadyRegistered: Story = {
  play: async ({ canvasElement, args }) => {
    const body = within(canvasElement.ownerDocument.body);
    const dialog = within(await body.findByRole('dialog', { name: 'Add user' }));
    await userEvent.type(dialog.getByRole('textbox', { name: /Email/ }), users[0]!.email);
    await userEvent.type(dialog.getByRole('textbox', { name: /First Name/ }), 'Ann');
    await userEvent.type(dialog.getByRole('textbox', { name: /Last Name/ }), 'Lee');
    // The member role is preselected for a new user.
    await expect(await dialog.findByText('member', { selector: '.mantine-Pill-label' })).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(dialog.getByRole('textbox', { name: /Email/ })).toHaveAccessibleDescription('Email already registered'));
    await expect(args.onCreated).not.toHaveBeenCalled();
  },
};

export const SuperAdminAdd: Story = {
  loaders: [fakeUsersApiLoader({ users, role: 'superadmin' })],
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await expect(await body.findByRole('combobox', { name: 'Tenant' })).toBeInTheDocument();
  },
};

export const Edit: Story = {
  args: { user: users[1] },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const dialog = within(await body.findByRole('dialog', { name: 'Edit user' }));
    await expect(dialog.getByRole('textbox', { name: /First Name/ })).toHaveValue(users[1]!.firstName);
  },
};
