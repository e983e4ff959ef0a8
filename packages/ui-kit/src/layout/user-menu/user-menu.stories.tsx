import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { UiTestProviders } from '../../testing';
import { UserMenu } from './user-menu';

const meta = {
  title: 'ui-kit/Layout/UserMenu',
  tags: ['autodocs'],
  component: UserMenu,
  decorators: [
    (Story) => (
      <UiTestProviders>
        <Story />
      </UiTestProviders>
    ),
  ],
  args: {
    name: 'amira',
    displayName: 'Amira Haddad',
    email: 'amira.haddad@acme.example',
    onLogout: fn(),
    onProfile: fn(),
  },
} satisfies Meta<typeof UserMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

export const FirstLetterAvatar: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    const trigger = canvas.getByRole('button', { name: 'Account menu for Amira Haddad' });
    await expect(trigger).toHaveTextContent(/AAmira Haddad$/);
    await userEvent.click(trigger);
    await userEvent.click(await page.findByRole('menuitem', { name: 'Profile' }));
    await expect(args.onProfile).toHaveBeenCalledTimes(1);
    await userEvent.click(trigger);
    await userEvent.click(await page.findByRole('menuitem', { name: 'Logout' }));
    await expect(args.onLogout).toHaveBeenCalledTimes(1);
  },
};

export const WithPicture: Story = {
  args: {
    picture: 'data:image/svg+xml;utf8,<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"><rect width="32" height="32" fill="%23f76707"/></svg>',
    onProfile: undefined,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    const trigger = canvas.getByRole('button', { name: /Account menu/ });
    await expect(trigger.querySelector('img')).toHaveAttribute('src', expect.stringContaining('data:image/svg+xml'));
    await userEvent.click(trigger);
    await expect(await page.findByRole('menuitem', { name: 'Logout' })).toBeVisible();
    await expect(page.queryByRole('menuitem', { name: 'Profile' })).not.toBeInTheDocument();
  },
};

export const NameOnly: Story = {
  args: { name: 'ليلى', displayName: null, email: null },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Account menu for ليلى' })).toHaveTextContent(/لليلى$/);
  },
};
