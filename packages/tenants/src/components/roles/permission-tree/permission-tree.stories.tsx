import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { withAdminProviders } from '../../../testing';
import { PermissionTree, type PermissionTreeProps } from './permission-tree';

const tree: PermissionTreeProps['tree'] = {
  areas: [
    {
      area: 'user',
      permissions: [
        { permission: 'user.get', action: 'get' },
        { permission: 'user.put', action: 'put' },
        { permission: 'user.profile.get', action: 'profile.get' },
      ],
    },
    { area: 'roles', permissions: [{ permission: 'roles.get', action: 'get' }] },
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
    const area = canvas.getByRole('checkbox', { name: 'Select all user' });
    await expect(area).toHaveAttribute('data-indeterminate', 'true');
    await userEvent.click(area);
    await expect(args.onChange).toHaveBeenLastCalledWith(['user.get', 'user.put', 'user.profile.get']);
    await expect(canvas.getByRole('checkbox', { name: 'roles.get' })).not.toBeChecked();
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
