import { Button, Text } from '@mantine/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { useDialogState } from '../../hooks';
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

function OpenedByAButton() {
  const dialog = useDialogState<true>();
  return (
    <>
      <Button onClick={() => dialog.open(true)}>Show credentials</Button>
      {/* Keyed and mounted open, as the portal's screens do with useDialogState. */}
      <Dialog key={dialog.key} opened={dialog.opened} onClose={dialog.close} title="Client credentials">
        <Text>Copy the secret now: it will not be shown again.</Text>
      </Dialog>
    </>
  );
}

/** Escape closes the dialog and the focus goes back to the button that opened it. */
export const ReturnsFocusToItsOpener: Story = {
  render: () => <OpenedByAButton />,
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const opener = within(canvasElement).getByRole('button', { name: 'Show credentials' });
    opener.focus();
    await userEvent.keyboard('{Enter}');
    await body.findByRole('dialog', { name: 'Client credentials' });
    await waitFor(() => expect(opener).not.toHaveFocus());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('dialog', { name: 'Client credentials' })).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  },
};
