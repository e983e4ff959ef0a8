import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { Language } from '@portal/i18n';
import { fakeRole, fakeRolesApiLoader, languageLoader, loadedRolesApi, withAdminProviders, withRolesRouter } from '../../testing';
import { RolesScreen } from './roles-screen';

const roles = [
  fakeRole(1, { name: 'member', description: 'Member: schedules and joins meetings', builtIn: true, userCount: 12 }),
  fakeRole(2, { name: 'tenantadmin', description: 'Tenant administrator', builtIn: true, userCount: 1, editable: false }),
  fakeRole(3, { name: 'Helpdesk', description: 'Reads users', userCount: 2 }),
  fakeRole(4, { name: 'Auditors', description: 'Reads the audit log', status: 'disabled' }),
];

const meta = {
  title: 'Tenants/Roles/RolesScreen',
  component: RolesScreen,
  decorators: [withRolesRouter, withAdminProviders],
  loaders: [fakeRolesApiLoader({ roles })],
} satisfies Meta<typeof RolesScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);
const rowOf = async (canvasElement: HTMLElement, name: string) => within((await within(canvasElement).findByRole('cell', { name: new RegExp(`^${name}`) })).closest('tr')!);

/** The spec's columns (role name, description); a disabled role says so. */
export const WithData: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', { name: 'Roles' });
    for (const header of ['Role name', 'Description']) await expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    await expect((await rowOf(canvasElement, 'Auditors')).getByText('Disabled')).toBeInTheDocument();
    await expect((await rowOf(canvasElement, 'Helpdesk')).getByText('Reads users')).toBeInTheDocument();
  },
};

/** Built-in roles cannot be deleted; a role above the caller shows no action at all. */
export const ActionsFollowTheRole: Story = {
  play: async ({ canvasElement }) => {
    const member = await rowOf(canvasElement, 'member');
    await expect(member.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    await expect(member.queryByRole('button', { name: 'Delete' })).toBeNull();
    const above = await rowOf(canvasElement, 'tenantadmin');
    await expect(above.queryByRole('button', { name: 'Edit' })).toBeNull();
    await expect((await rowOf(canvasElement, 'Helpdesk')).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  },
};

/** No role: the spec's empty text. */
export const Empty: Story = {
  loaders: [fakeRolesApiLoader({ roles: [] })],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('There are no roles!')).toBeInTheDocument();
  },
};

/** A failed load: the spec's failure text and a retry. */
export const LoadError: Story = {
  loaders: [fakeRolesApiLoader({ roles, failing: ['getRoles'] })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Failed, Try Again..!!')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  },
};

/** Create and Edit open the role screens. */
export const OpensTheRoleScreens: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('link', { name: 'Create' }));
    await expect(await body().findByTestId('location')).toHaveTextContent('/Roles/create-role');
  },
};

export const EditOpensTheRole: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click((await rowOf(canvasElement, 'Helpdesk')).getByRole('button', { name: 'Edit' }));
    await expect(await body().findByTestId('location')).toHaveTextContent(`/Roles/${roles[2]!.id}`);
  },
};

/** Disable and enable act at once and say so. */
export const Disable: Story = {
  play: async ({ canvasElement, loaded }) => {
    await userEvent.click((await rowOf(canvasElement, 'Helpdesk')).getByRole('button', { name: 'Disable' }));
    await expect(await body().findByText('Role edited successfully')).toBeInTheDocument();
    await expect(loadedRolesApi(loaded).requestsOf('updateRole')[0]?.body).toEqual({ status: 'disabled' });
    await waitFor(async () => expect((await rowOf(canvasElement, 'Helpdesk')).getByRole('button', { name: 'Enable' })).toBeInTheDocument());
  },
};

/** Delete asks first, then deletes. */
export const Delete: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await userEvent.click((await rowOf(canvasElement, 'Helpdesk')).getByRole('button', { name: 'Delete' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Delete role' }));
    await expect(dialog.getByText(/Are you sure you want to delete the role \?/)).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    await expect(await body().findByText('Role deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(canvas.queryByRole('cell', { name: 'Helpdesk' })).toBeNull());
    await expect(loadedRolesApi(loaded).requestsOf('deleteRole')[0]?.path).toBe(`/roles/${roles[2]!.id}`);
  },
};

/** Delete all asks first and keeps the built-in roles. */
export const DeleteAll: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('cell', { name: 'Helpdesk' });
    await userEvent.click(canvas.getByRole('button', { name: 'Delete all' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Delete all roles' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Delete all' }));
    await expect(await body().findByText('Role deleted successfully')).toBeInTheDocument();
    await expect(loadedRolesApi(loaded).requestsOf('deleteRoles')).toHaveLength(1);
    await waitFor(() => expect(canvas.queryByRole('cell', { name: 'Helpdesk' })).toBeNull());
    await expect(canvas.getByRole('cell', { name: 'member' })).toBeInTheDocument();
  },
};

/** Unassigned roles: pick some and disable them together. */
export const UnassignedRoles: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('cell', { name: 'Helpdesk' });
    await userEvent.click(canvas.getByRole('button', { name: 'Unassigned roles' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Unassigned roles' }));
    await userEvent.click(await dialog.findByRole('checkbox', { name: /Auditors/ }));
    await userEvent.click(dialog.getByRole('button', { name: 'Enable' }));
    await expect(await body().findByText('Role edited successfully')).toBeInTheDocument();
    await expect(loadedRolesApi(loaded).requestsOf('editUnassignedRoles')[0]?.body).toEqual({ action: 'enable', roleIds: [roles[3]!.id] });
  },
};

/** Without the write permissions only the list shows. */
export const ReadOnly: Story = {
  loaders: [fakeRolesApiLoader({ roles, permissions: ['roles.get'] })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('cell', { name: 'Helpdesk' });
    await expect(canvas.queryByRole('link', { name: 'Create' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Edit' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Delete all' })).toBeNull();
  },
};

function translated(language: Language, texts: { title: string; create: string; empty: string }): Story {
  return {
    parameters: { language },
    loaders: [fakeRolesApiLoader({ roles: [] }), languageLoader(language)],
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      await expect(await canvas.findByText(texts.empty)).toBeInTheDocument();
      await expect(canvas.getByRole('heading', { name: texts.title })).toBeInTheDocument();
      await expect(canvas.getByRole('link', { name: texts.create })).toBeInTheDocument();
      await expect(canvas.getByRole('table').closest('[dir]')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    },
  };
}

export const English = translated('en', { title: 'Roles', create: 'Create', empty: 'There are no roles!' });
export const French = translated('fr', { title: 'Rôles', create: 'Créer', empty: "Il n'y a aucun rôle !" });
export const Arabic = translated('ar', { title: 'الأدوار', create: 'إنشاء', empty: 'لا توجد أدوار!' });
export const Uzbek = translated('uz', { title: 'Rollar', create: 'Yaratish', empty: 'Rollar yoʻq!' });
