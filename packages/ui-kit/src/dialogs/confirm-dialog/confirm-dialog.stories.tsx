import { Select } from '@mantine/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { UiTestProviders } from '../../testing';
import { ConfirmDialog } from './confirm-dialog';

const meta = {
  title: 'ui-kit/Dialogs/ConfirmDialog',
  tags: ['autodocs'],
  component: ConfirmDialog,
  decorators: [
    (Story) => (
      <UiTestProviders>
        <Story />
      </UiTestProviders>
    ),
  ],
  args: {
    opened: true,
    title: 'Delete Product',
    message: 'Are you sure you want to delete the product ?',
    confirmLabel: 'Delete',
    cancelLabel: 'Cancel',
    danger: true,
    onConfirm: fn(),
    onClose: fn(),
  },
} satisfies Meta<typeof ConfirmDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const DeleteProduct: Story = {
  play: async ({ canvasElement, args }) => {
    const body = within(canvasElement.ownerDocument.body);
    const dialog = await body.findByRole('dialog', { name: 'Delete Product' });
    await expect(dialog).toHaveTextContent('Are you sure you want to delete the product ?');
    // Destructive: focus starts on Cancel.
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
    await userEvent.keyboard('{Escape}');
    await expect(args.onClose).toHaveBeenCalledTimes(1);
  },
};

export const DeleteUserWithNewOwner: Story = {
  args: {
    title: 'Delete user',
    message: 'Are you sure you want to delete the user ?',
    children: (
      <Select
        label="New owner"
        description="Untransferred data is deleted."
        defaultValue="none"
        data={[
          { value: 'none', label: "Don't transfer data" },
          { value: 'u1', label: 'Amira Haddad' },
          { value: 'u2', label: 'Bruno Lefèvre' },
        ]}
      />
    ),
  },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const dialog = await body.findByRole('dialog', { name: 'Delete user' });
    await expect(within(dialog).getByDisplayValue("Don't transfer data")).toBeVisible();
    await expect(within(dialog).getByText('Untransferred data is deleted.')).toBeVisible();
  },
};

export const Deleting: Story = {
  args: { loading: true },
  play: async ({ canvasElement, args }) => {
    const body = within(canvasElement.ownerDocument.body);
    const dialog = await body.findByRole('dialog', { name: 'Delete Product' });
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    await expect(args.onClose).not.toHaveBeenCalled();
  },
};
