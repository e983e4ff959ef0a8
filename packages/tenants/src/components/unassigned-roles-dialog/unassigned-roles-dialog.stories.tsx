import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { fakeRole, fakeRolesApiLoader, loadedRolesApi, withAdminProviders } from '../../testing';
import { UnassignedRolesDialog } from './unassigned-roles-dialog';

const idle = fakeRole(5, { name: 'Idle' });
const builtIn = fakeRole(6, { name: 'guest', builtIn: true });
const held = fakeRole(7, { name: 'Held', userCount: 3 });

const meta = {
  title: 'Tenants/Roles/UnassignedRolesDialog',
  component: UnassignedRolesDialog,
  decorators: [withAdminProviders],
  args: { opened: true, onClose: fn() },
  loaders: [fakeRolesApiLoader({ roles: [idle, builtIn, held] })],
} satisfies Meta<typeof UnassignedRolesDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

/** Only unassigned roles are listed; deleting asks first. */
export const DeleteSelected: Story = {
  play: async ({ loaded }) => {
    const dialog = within(await body().findByRole('dialog', { name: 'Unassigned roles' }));
    await dialog.findByRole('checkbox', { name: 'Idle' });
    await expect(dialog.queryByRole('checkbox', { name: 'Held' })).toBeNull();
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Idle' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    const confirm = within(await body().findByRole('dialog', { name: 'Delete roles' }));
    await userEvent.click(confirm.getByRole('button', { name: 'Delete' }));
    await expect(await body().findByText('Role deleted successfully')).toBeInTheDocument();
    await expect(loadedRolesApi(loaded).requestsOf('editUnassignedRoles')[0]?.body).toEqual({ action: 'delete', roleIds: [idle.id] });
    await waitFor(() => expect(dialog.queryByRole('checkbox', { name: 'Idle' })).toBeNull());
  },
};

/** Built-in roles can be disabled, never deleted. */
export const BuiltInNotDeletable: Story = {
  play: async () => {
    const dialog = within(await body().findByRole('dialog', { name: 'Unassigned roles' }));
    await userEvent.click(await dialog.findByRole('checkbox', { name: 'guest' }));
    await expect(dialog.getByRole('button', { name: 'Delete' })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Disable' })).toBeEnabled();
  },
};

/** Nothing unassigned. */
export const NoneUnassigned: Story = {
  loaders: [fakeRolesApiLoader({ roles: [held] })],
  play: async () => {
    await expect(await body().findByText('Every role is held by at least one user.')).toBeInTheDocument();
  },
};
