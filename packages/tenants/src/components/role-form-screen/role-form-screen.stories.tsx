import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { Language } from '@portal/i18n';
import { fakeRole, fakeRolesApiLoader, fakeTenants, languageLoader, loadedRolesApi, withAdminProviders, withRolesRouter } from '../../testing';
import { RoleFormScreen } from './role-form-screen';

const helpdesk = fakeRole(3, { name: 'Helpdesk', description: 'Reads users', permissions: ['user.get'], dialIn: true });
const member = fakeRole(1, { name: 'member', description: 'Members', permissions: ['user.profile.get'], builtIn: true });
const above = fakeRole(2, { name: 'tenantadmin', permissions: ['user.get', 'client.get'], builtIn: true, editable: false });

const meta = {
  title: 'Tenants/Roles/RoleFormScreen',
  component: RoleFormScreen,
  decorators: [withRolesRouter, withAdminProviders],
  parameters: { route: '/Roles/create-role' },
  loaders: [fakeRolesApiLoader({ roles: [helpdesk, member, above] })],
} satisfies Meta<typeof RoleFormScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);
const editing = (roleId: string) => ({ args: { roleId }, parameters: { route: '/Roles/:roleuuid', entry: `/Roles/${roleId}` } });

/** Creating a role: a name is required; ticking an area ticks all of its permissions. */
export const Create: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Create' }));
    await expect(await canvas.findByText('This field is required')).toBeInTheDocument();
    await expect(loadedRolesApi(loaded).requestsOf('putRole')).toHaveLength(0);

    await userEvent.type(canvas.getByRole('textbox', { name: /^Role name/ }), 'Viewers');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Description' }), 'Read only');
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Select all Users' }));
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Dial out' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Create' }));
    await expect(await body().findByText('Role created successfully')).toBeInTheDocument();
    await expect(loadedRolesApi(loaded).requestsOf('putRole')[0]?.body).toEqual({
      name: 'Viewers',
      description: 'Read only',
      permissions: ['user.get', 'user.put', 'user.profile.get', 'user.profile.update'],
      status: 'enabled',
      dialIn: false,
      dialOut: true,
    });
    await expect(await body().findByTestId('location')).toHaveTextContent('/Roles');
  },
};

/** The global select all ticks every grantable permission, and unticks them again. */
export const SelectAll: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const all = await canvas.findByRole('checkbox', { name: 'Select all' });
    await userEvent.click(all);
    for (const label of ['View users', 'Create meetings', 'Delete roles']) await expect(canvas.getByRole('checkbox', { name: label })).toBeChecked();
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Delete roles' }));
    await expect(all).not.toBeChecked();
    await expect(canvas.getByRole('checkbox', { name: 'Select all Roles' })).toHaveAttribute('data-indeterminate', 'true');
    await userEvent.click(all);
    await userEvent.click(all);
    await expect(canvas.getByRole('checkbox', { name: 'View users' })).not.toBeChecked();
  },
};

/** Editing loads the role and sends the changes. */
export const Edit: Story = {
  ...editing(helpdesk.id),
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const name = await canvas.findByRole('textbox', { name: /^Role name/ });
    await expect(name).toHaveValue('Helpdesk');
    await expect(canvas.getByRole('checkbox', { name: 'View users' })).toBeChecked();
    await expect(canvas.getByRole('checkbox', { name: 'Dial in' })).toBeChecked();
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Add users' }));
    await userEvent.click(canvas.getByRole('switch', { name: 'Enabled' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(await body().findByText('Role edited successfully')).toBeInTheDocument();
    await expect(loadedRolesApi(loaded).requestsOf('updateRole')[0]?.body).toMatchObject({ name: 'Helpdesk', permissions: ['user.get', 'user.put'], status: 'disabled' });
  },
};

/** A built-in role keeps its name. */
export const BuiltIn: Story = {
  ...editing(member.id),
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('textbox', { name: /^Role name/ })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(await body().findByText('Role edited successfully')).toBeInTheDocument();
    await expect(loadedRolesApi(loaded).requestsOf('updateRole')[0]?.body).not.toHaveProperty('name');
  },
};

/** A role doing more than the caller may: shown, locked. */
export const AboveTheCaller: Story = {
  ...editing(above.id),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('This role does more than you may do: you cannot change it.')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Save' })).toBeDisabled();
  },
};

/** The server refuses a permission the caller does not hold: the tree says why. */
export const PermissionNotHeld: Story = {
  ...editing(helpdesk.id),
  loaders: [fakeRolesApiLoader({ roles: [{ ...helpdesk, permissions: ['user.get', 'client.get'] }] })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Save' }));
    await expect(await canvas.findByText('You cannot grant a permission you do not hold yourself.', { selector: '#role-permissions-error' })).toBeInTheDocument();
  },
};

/**
 * A custom role kept from before the rule holds a permission only the superadmin role's group may
 * (room.feedback.get): saving it is refused with the reason under the tree; once the permission is
 * taken away its box stays disabled, saying why.
 */
export const NeedsSuperadminGroup: Story = {
  ...editing(helpdesk.id),
  loaders: [
    fakeRolesApiLoader({
      role: 'superadmin',
      permissions: ['roles.get', 'roles.update', 'user.get', 'room.feedback.get'],
      roles: [{ ...helpdesk, permissions: ['user.get', 'room.feedback.get'] }],
    }),
  ],
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Save' }));
    const reason = 'Only the super administrator role can hold this permission';
    await expect(await canvas.findByText(reason, { selector: '#role-permissions-error' })).toBeInTheDocument();
    const feedback = canvas.getAllByRole('checkbox').find((box) => box.getAttribute('value') === 'room.feedback.get');
    if (!feedback) throw new Error('No room.feedback.get box');
    await expect(feedback).toBeEnabled();
    await userEvent.click(feedback);
    await expect(feedback).toBeDisabled();
    await expect(feedback).toHaveAccessibleDescription(reason);
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(await body().findByText('Role edited successfully')).toBeInTheDocument();
    await expect(loadedRolesApi(loaded).requestsOf('updateRole').at(-1)?.body).toMatchObject({ permissions: ['user.get'] });
  },
};

/** The tenant has dial in off (only the platform switches it on): the server refuses it in a role, and says so under Dial in. */
export const DialInOffForTheTenant: Story = {
  loaders: [fakeRolesApiLoader({ roles: [helpdesk, member, above], tenantDial: { dialIn: false, dialOut: true } })],
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('textbox', { name: /^Role name/ }), 'Callers');
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Dial in' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Create' }));
    await expect(await canvas.findByText('Dial in is switched off for this tenant')).toBeInTheDocument();
    await expect(canvas.getByRole('checkbox', { name: 'Dial in' })).toHaveAccessibleDescription('Dial in is switched off for this tenant');
    await expect(await body().findByText('Please check the highlighted fields')).toBeInTheDocument();
    await expect(loadedRolesApi(loaded).roles).toHaveLength(3);
  },
};

/** The caller holds no role with dial out: switching it on is refused under Dial out, the permissions untouched. */
export const DialOutNotHeld: Story = {
  ...editing(helpdesk.id),
  loaders: [fakeRolesApiLoader({ roles: [helpdesk], heldDial: { dialIn: false, dialOut: false } })],
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const dialOut = await canvas.findByRole('checkbox', { name: 'Dial out' });
    await userEvent.click(dialOut);
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(dialOut).toHaveAccessibleDescription('You cannot grant a permission you do not hold yourself.'));
    await expect(canvas.getByRole('checkbox', { name: 'Dial in' })).not.toHaveAccessibleDescription();
    await expect(canvasElement.querySelector('#role-permissions-error')).toBeNull();
    await expect(loadedRolesApi(loaded).roles[0]).toMatchObject({ dialIn: true, dialOut: false });
  },
};

/** Keeping a dial flag the role already has, or switching it off, needs no holding it. */
export const DialKeptWithoutHoldingIt: Story = {
  ...editing(helpdesk.id),
  loaders: [fakeRolesApiLoader({ roles: [helpdesk], heldDial: { dialIn: false, dialOut: false }, tenantDial: { dialIn: false, dialOut: false } })],
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('textbox', { name: 'Description' }), ' and answers calls');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(await body().findByText('Role edited successfully')).toBeInTheDocument();
    await expect(loadedRolesApi(loaded).requestsOf('updateRole')[0]?.body).toMatchObject({ description: 'Reads users and answers calls', dialIn: true, dialOut: false });
  },
};

/** An unknown role id. */
export const NotFound: Story = {
  ...editing('00000000-0000-4000-8000-000000000404'),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('This role does not exist.')).toBeInTheDocument();
  },
};

/** A super administrator may create the role in several tenants. */
export const SuperadminTenants: Story = {
  loaders: [fakeRolesApiLoader({ role: 'superadmin' })],
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('textbox', { name: /^Role name/ }), 'Auditors');
    await userEvent.click(await canvas.findByRole('combobox', { name: 'Tenants' }));
    await userEvent.click(await body().findByRole('option', { name: fakeTenants[1]!.name }));
    await userEvent.click(canvas.getByRole('button', { name: 'Create' }));
    await expect(await body().findByText('Role created successfully')).toBeInTheDocument();
    await expect(loadedRolesApi(loaded).requestsOf('putRole')[0]?.body).toMatchObject({ name: 'Auditors', tenants: [fakeTenants[1]!.id] });
  },
};

function translated(language: Language, texts: { title: string; name: string; selectAll: string }): Story {
  return {
    parameters: { language },
    loaders: [fakeRolesApiLoader(), languageLoader(language)],
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      await expect(await canvas.findByRole('heading', { name: texts.title })).toBeInTheDocument();
      await expect(canvas.getByRole('textbox', { name: new RegExp(`^${texts.name}`) })).toBeInTheDocument();
      await expect(canvas.getByRole('checkbox', { name: texts.selectAll })).toBeInTheDocument();
      await expect(canvas.getByRole('heading', { name: texts.title }).closest('[dir]')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    },
  };
}

export const English = translated('en', { title: 'Create role', name: 'Role name', selectAll: 'Select all' });
export const French = translated('fr', { title: 'Créer un rôle', name: 'Nom du rôle', selectAll: 'Tout sélectionner' });
export const Arabic = translated('ar', { title: 'إنشاء دور', name: 'اسم الدور', selectAll: 'تحديد الكل' });
export const Uzbek = translated('uz', { title: 'Rol yaratish', name: 'Rol nomi', selectAll: 'Hammasini tanlash' });
