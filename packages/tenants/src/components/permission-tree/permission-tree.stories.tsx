import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import type { Language } from '@portal/i18n';
import { expect, fn, userEvent, within } from 'storybook/test';
import { languageLoader, withAdminProviders } from '../../testing';
import { PermissionTree, type PermissionTreeProps } from './permission-tree';

const tree: PermissionTreeProps['tree'] = {
  areas: [
    {
      area: 'user',
      permissions: [
        { permission: 'user.get', action: 'get', roleGroup: 'admin' },
        { permission: 'user.put', action: 'put', roleGroup: 'admin' },
        { permission: 'user.profile.get', action: 'profile.get', roleGroup: 'member' },
      ],
    },
    { area: 'roles', permissions: [{ permission: 'roles.get', action: 'get', roleGroup: 'member' }] },
  ],
};

/** One permission of each kind the labels name: plain, nested, underscored, deep. */
const readable: PermissionTreeProps['tree'] = {
  areas: [
    {
      area: 'user',
      permissions: [
        { permission: 'user.get', action: 'get', roleGroup: 'admin' },
        { permission: 'user.invite', action: 'invite', roleGroup: 'admin' },
      ],
    },
    {
      area: 'meeting',
      permissions: [{ permission: 'meeting.schedule.start', action: 'schedule.start', roleGroup: 'member' }],
    },
    {
      area: 'tenant',
      permissions: [
        { permission: 'tenant.smtp.update', action: 'smtp.update', roleGroup: 'admin' },
        { permission: 'tenant.partner_app.update', action: 'partner_app.update', roleGroup: 'admin' },
      ],
    },
    { area: 'billing', permissions: [{ permission: 'billing.pending.delete', action: 'pending.delete', roleGroup: 'accountadmin' }] },
    { area: 'dashboard', permissions: [{ permission: 'dashboard.superadmin.get', action: 'superadmin.get', roleGroup: 'admin' }] },
  ],
};

/** Holds the value so the story behaves like the form. */
function Controlled(props: PermissionTreeProps) {
  const [value, setValue] = useState<string[]>([...props.value]);
  return (
    <PermissionTree
      {...props}
      value={value}
      onChange={(next) => {
        setValue(next);
        props.onChange(next);
      }}
    />
  );
}

const meta = {
  title: 'Tenants/Roles/PermissionTree',
  component: PermissionTree,
  decorators: [withAdminProviders],
  render: (args) => <Controlled {...args} />,
  args: { tree, value: ['user.get'], onChange: fn() },
} satisfies Meta<typeof PermissionTree>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An area's select all is half-ticked while some of its permissions are, and ticks the rest. */
export const AreaSelectAll: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const area = canvas.getByRole('checkbox', { name: 'Select all Users' });
    await expect(area).toHaveAttribute('data-indeterminate', 'true');
    await userEvent.click(area);
    await expect(args.onChange).toHaveBeenLastCalledWith(['user.get', 'user.put', 'user.profile.get']);
    await expect(canvas.getByRole('checkbox', { name: 'View roles' })).not.toBeChecked();
  },
};

/** The global select all ticks everything, then clears everything. */
export const GlobalSelectAll: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Select all' }));
    await expect(args.onChange).toHaveBeenLastCalledWith(['user.get', 'user.put', 'user.profile.get', 'roles.get']);
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Select all' }));
    await expect(args.onChange).toHaveBeenLastCalledWith([]);
  },
};

/** A server error shows under the tree. */
export const WithError: Story = {
  args: { error: 'You cannot grant a permission you do not hold yourself.' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('You cannot grant a permission you do not hold yourself.');
  },
};

/** Areas and permissions read as words, not as the strings the server sends; each box keeps its string as its value. */
export const ReadableLabels: Story = {
  args: { tree: readable, value: ['user.invite'] },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const names = {
      user: ['Users', { 'user.get': 'View users', 'user.invite': 'Invite users' }],
      meeting: ['Meetings', { 'meeting.schedule.start': 'Start scheduled meetings' }],
      tenant: ['Tenants', { 'tenant.smtp.update': 'Edit SMTP settings', 'tenant.partner_app.update': 'Edit partner apps' }],
      billing: ['Billing', { 'billing.pending.delete': 'Delete pending plans' }],
      dashboard: ['Dashboard', { 'dashboard.superadmin.get': 'View the dashboard' }],
    } as const;
    for (const [area, [areaName, permissions]] of Object.entries(names)) {
      const group = canvas.getByRole('group', { name: areaName });
      await expect(within(group).getByRole('checkbox', { name: `Select all ${areaName}` })).toBeInTheDocument();
      await expect(within(group).queryByText(area)).not.toBeInTheDocument();
      for (const [permission, label] of Object.entries(permissions)) {
        const box = within(group).getByRole('checkbox', { name: label });
        await expect(box).toHaveAttribute('value', permission);
        await expect(canvas.queryByRole('checkbox', { name: permission })).not.toBeInTheDocument();
        await expect(canvas.queryByText(permission)).not.toBeInTheDocument();
      }
    }
    await expect(canvas.getByRole('checkbox', { name: 'Invite users' })).toBeChecked();
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Edit SMTP settings' }));
    await expect(args.onChange).toHaveBeenLastCalledWith(['user.invite', 'tenant.smtp.update']);
  },
};

/** A permission (or area) the front end has no name for yet shows as sent, and still ticks. */
export const UnknownPermission: Story = {
  args: {
    tree: {
      areas: [
        { area: 'user', permissions: [{ permission: 'user.teleport', action: 'teleport', roleGroup: 'admin' }] },
        { area: 'future', permissions: [{ permission: 'future.thing.get', action: 'thing.get', roleGroup: 'member' }] },
        { area: 'constructor', permissions: [{ permission: 'constructor', action: 'constructor', roleGroup: 'member' }] },
      ],
    },
    value: [],
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('group', { name: 'Users' })).toBeInTheDocument();
    await expect(canvas.getByRole('group', { name: 'future' })).toBeInTheDocument();
    await expect(canvas.getByRole('checkbox', { name: 'Select all constructor' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('checkbox', { name: 'user.teleport' }));
    await userEvent.click(canvas.getByRole('checkbox', { name: 'future.thing.get' }));
    await expect(args.onChange).toHaveBeenLastCalledWith(['user.teleport', 'future.thing.get']);
  },
};

/** The super administrator's tree: what only the superadmin role's group may hold. */
const platform: PermissionTreeProps['tree'] = {
  areas: [
    {
      area: 'user',
      permissions: [
        { permission: 'user.get', action: 'get', roleGroup: 'admin' },
        { permission: 'user.profile.get', action: 'profile.get', roleGroup: 'member' },
      ],
    },
    {
      area: 'client',
      permissions: [
        { permission: 'client.get', action: 'get', roleGroup: 'superadmin' },
        { permission: 'client.put', action: 'put', roleGroup: 'superadmin' },
      ],
    },
  ],
};

/**
 * A custom role cannot hold what needs the super administrator's role group: those boxes are
 * disabled and say why, select all leaves them out; an admin-level permission says which group it
 * puts the role in.
 */
export const CustomRoleLimits: Story = {
  args: { tree: platform, value: [] },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const clients = canvas.getByRole('checkbox', { name: 'View clients' });
    await expect(clients).toBeDisabled();
    await expect(clients).toHaveAccessibleDescription('Only the super administrator role can hold this permission');
    await expect(canvas.getByRole('checkbox', { name: 'Select all Clients' })).toBeDisabled();
    await expect(canvas.getByRole('checkbox', { name: 'View users' })).toHaveAccessibleDescription('Admin role group');
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Select all' }));
    await expect(args.onChange).toHaveBeenLastCalledWith(['user.get', 'user.profile.get']);
  },
};

/** Editing the built-in superadmin role: nothing is barred. */
export const BuiltInRole: Story = {
  args: { tree: platform, value: [], builtInRole: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('checkbox', { name: 'View clients' })).toBeEnabled();
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Select all' }));
    await expect(args.onChange).toHaveBeenLastCalledWith(['user.get', 'user.profile.get', 'client.get', 'client.put']);
  },
};

/** The reason in Arabic. */
export const CustomRoleLimitsArabic: Story = {
  args: { tree: platform, value: [] },
  parameters: { language: 'ar' },
  loaders: [languageLoader('ar')],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const barred = canvas.getAllByRole('checkbox').find((box) => box.getAttribute('value') === 'client.get');
    await expect(barred).toBeDisabled();
    await expect(barred).toHaveAccessibleDescription('لا يمكن أن يحمل هذه الصلاحية إلا دور المسؤول الأعلى');
  },
};

function translated(language: Language, texts: { area: string; selectAll: string; permission: string; smtp: string }): Story {
  return {
    args: { tree: readable, value: [] },
    parameters: { language },
    loaders: [languageLoader(language)],
    play: async ({ canvasElement, args }) => {
      const canvas = within(canvasElement);
      const group = canvas.getByRole('group', { name: texts.area });
      await expect(within(group).getByRole('checkbox', { name: texts.selectAll })).toBeInTheDocument();
      const invite = within(group).getByRole('checkbox', { name: texts.permission });
      await expect(invite).toHaveAttribute('value', 'user.invite');
      await expect(canvas.getByRole('checkbox', { name: texts.smtp })).toHaveAttribute('value', 'tenant.smtp.update');
      await expect(canvas.queryByText('user.invite')).not.toBeInTheDocument();
      await expect(group.closest('[dir]')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
      await userEvent.click(invite);
      await expect(args.onChange).toHaveBeenLastCalledWith(['user.invite']);
    },
  };
}

/** Arabic, right to left: every name is translated. */
export const Arabic = translated('ar', { area: 'المستخدمون', selectAll: 'تحديد الكل: المستخدمون', permission: 'دعوة المستخدمين', smtp: 'تعديل إعدادات SMTP' });
export const French = translated('fr', {
  area: 'Utilisateurs',
  selectAll: 'Tout sélectionner : Utilisateurs',
  permission: 'Inviter des utilisateurs',
  smtp: 'Modifier les paramètres SMTP',
});
export const Uzbek = translated('uz', {
  area: 'Foydalanuvchilar',
  selectAll: 'Hammasini tanlash: Foydalanuvchilar',
  permission: 'Foydalanuvchilarni taklif qilish',
  smtp: 'SMTP sozlamalarini tahrirlash',
});
