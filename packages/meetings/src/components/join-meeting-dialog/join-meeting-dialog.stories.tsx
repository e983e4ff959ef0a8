import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { withMeetingsProviders } from '../../testing';
import { JoinMeetingDialog } from './join-meeting-dialog';

const meta = {
  title: 'Meetings/JoinMeetingDialog',
  component: JoinMeetingDialog,
  decorators: [withMeetingsProviders],
  args: { opened: true, onClose: fn() },
} satisfies Meta<typeof JoinMeetingDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

/** A meeting id of 10 or 11 digits ('Enter a valid Meeting Id'), and the password when there is one. */
export const Join: Story = {
  play: async ({ args }) => {
    const dialog = within(await body().findByRole('dialog', { name: 'Join a meeting' }));
    const id = dialog.getByRole('textbox', { name: /^Meeting ID/ });
    await userEvent.click(dialog.getByRole('button', { name: 'Join' }));
    await expect(await dialog.findByText('Enter a valid Meeting Id')).toBeInTheDocument();
    await userEvent.type(id, '800-0000-0001');
    await userEvent.type(dialog.getByLabelText(/^Meeting password/), '246810');
    await userEvent.click(dialog.getByRole('button', { name: 'Join' }));
    await expect(args.onClose).toHaveBeenCalled();
    await expect(await body().findByTestId('location')).toHaveTextContent('/join/80000000001');
  },
};
