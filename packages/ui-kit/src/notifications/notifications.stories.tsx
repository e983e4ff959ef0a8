import { Button, Group } from '@mantine/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { UiTestProviders } from '../testing';
import { NotificationsHost } from './notifications-host';
import { notify } from './notify';

function NotifyButtons() {
  return (
    <Group>
      <Button color="green" onClick={() => notify.success('Product created successfully')}>
        Success
      </Button>
      <Button color="red" onClick={() => notify.error('Failed, Try Again..!!')}>
        Error
      </Button>
      <Button color="yellow" onClick={() => notify.warning('This file exceeds maximum upload size of 1 MB', 'Import users')}>
        Warning
      </Button>
      <Button onClick={() => notify.info('Mail has been sent successfully')}>Info</Button>
    </Group>
  );
}

const meta = {
  title: 'ui-kit/Feedback/Notifications',
  tags: ['autodocs'],
  component: NotificationsHost,
  decorators: [
    (Story) => (
      <UiTestProviders>
        <Story />
      </UiTestProviders>
    ),
  ],
  // UiTestProviders already mounts the host; the story renders the triggers.
  render: () => <NotifyButtons />,
  beforeEach: () => notify.clean(),
} satisfies Meta<typeof NotificationsHost>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Variants: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);

    await userEvent.click(canvas.getByRole('button', { name: 'Success' }));
    const success = await page.findByText('Product created successfully');
    await expect(success.closest('[role]')).toHaveAttribute('role', 'status');

    await userEvent.click(canvas.getByRole('button', { name: 'Error' }));
    const error = await page.findByText('Failed, Try Again..!!');
    await expect(error.closest('[role]')).toHaveAttribute('role', 'alert');
    await expect(error.closest('[data-variant]')).toHaveAttribute('data-variant', 'error');

    await userEvent.click(canvas.getByRole('button', { name: 'Warning' }));
    await expect(await page.findByText('Import users')).toBeVisible();
  },
};
