import { Box } from '@mantine/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { RenderLink } from '../nav';
import { expect, fn, userEvent, within } from 'storybook/test';
import { UiTestProviders } from '../../testing';
import { fixtureIcon, portalNavigation } from '../nav/nav.fixtures';
import { NavMenu } from './nav-menu';

// Stands in for the app's router link: follows nothing, so stories stay on the page.
const stayOnPage: RenderLink = ({ href, item: _item, onClick, ...props }) => (
  <a
    href={href}
    {...props}
    onClick={(event) => {
      onClick?.(event);
      event.preventDefault();
    }}
  />
);

const meta = {
  title: 'ui-kit/Layout/NavMenu',
  tags: ['autodocs'],
  component: NavMenu,
  decorators: [
    (Story) => (
      <UiTestProviders>
        <Story />
      </UiTestProviders>
    ),
  ],
  args: {
    items: portalNavigation,
    activePath: '/portal/user',
    renderLink: stayOnPage,
    getIcon: fixtureIcon,
    onNavigate: fn(),
  },
  render: (args) => (
    <Box w={args.folded ? 64 : 280}>
      <NavMenu {...args} />
    </Box>
  ),
} satisfies Meta<typeof NavMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Vertical: Story = {
  play: async ({ canvasElement, args }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Main navigation' });
    const menu = within(nav);
    await expect(menu.getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
    await expect(menu.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
    // Groups are headings labelling their list.
    await expect(menu.getByRole('heading', { name: 'Recording' })).toBeVisible();
    await expect(menu.getByRole('list', { name: 'Recording' })).toContainElement(menu.getByRole('link', { name: 'Cloud Recordings' }));

    const meetings = menu.getByRole('button', { name: 'Meetings' });
    await expect(meetings).toHaveAttribute('aria-expanded', 'false');
    meetings.focus();
    await userEvent.keyboard('{Enter}');
    await expect(meetings).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(await menu.findByRole('link', { name: 'Upcoming Meetings' }));
    await expect(args.onNavigate).toHaveBeenCalledWith(expect.objectContaining({ id: 'upcoming-meetings' }));

    await expect(menu.getByRole('link', { name: 'Help centre' })).toHaveAttribute('target', '_blank');
  },
};

export const ActiveInsideCollapse: Story = {
  args: { activePath: '/portal/billing/invoice/' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Billing' })).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.getByRole('link', { name: 'Invoice History' })).toHaveAttribute('aria-current', 'page');
  },
};

export const Folded: Story = {
  args: { folded: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const users = canvas.getByRole('link', { name: 'Users' });
    await expect(users).toHaveAttribute('aria-current', 'page');
    // Icons only: the title is the accessible name, not visible text.
    await expect(users).not.toHaveTextContent('Users');
  },
};

export const Horizontal: Story = {
  args: { orientation: 'horizontal', activePath: '/portal/open-meetings' },
  render: (args) => <NavMenu {...args} />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole('button', { name: 'Meetings' }));
    const open = await page.findByRole('menuitem', { name: 'Open Meetings' });
    await expect(open).toHaveAttribute('aria-current', 'page');
    await userEvent.click(page.getByRole('menuitem', { name: 'Past Meetings' }));
    await expect(args.onNavigate).toHaveBeenCalledWith(expect.objectContaining({ id: 'past-meetings' }));
  },
};

export const RightToLeft: Story = {
  decorators: [
    (Story) => (
      <UiTestProviders dir="rtl">
        <Story />
      </UiTestProviders>
    ),
  ],
  args: { getTitle: (item) => (item.id === 'user' ? 'المستخدمون' : item.title) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: 'المستخدمون' })).toHaveAttribute('aria-current', 'page');
  },
};
