import { Text } from '@mantine/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { UiTestProviders } from '../../testing';
import { Dialog } from './dialog';

const meta = {
  title: 'ui-kit/Dialogs/Dialog',
  tags: ['autodocs'],
  component: Dialog,
  decorators: [
    (Story) => (
      <UiTestProviders>
        <Story />
      </UiTestProviders>
    ),
  ],
  args: {
    opened: true,
    title: 'Client credentials',
    onClose: fn(),
    children: <Text>Copy the secret now: it will not be shown again.</Text>,
  },
} satisfies Meta<typeof Dialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The close button has a name screen readers announce, and closes the dialog like Escape. */
export const ClosesByNamedButton: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = within(await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Client credentials' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Close' }));
    await expect(args.onClose).toHaveBeenCalledTimes(1);
    await userEvent.keyboard('{Escape}');
    await expect(args.onClose).toHaveBeenCalledTimes(2);
  },
};

/** While its action runs the dialog stays: no close button, Escape does nothing. */
export const Busy: Story = {
  args: { busy: true },
  play: async ({ canvasElement, args }) => {
    const dialog = within(await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Client credentials' }));
    await expect(dialog.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await expect(args.onClose).not.toHaveBeenCalled();
  },
};
