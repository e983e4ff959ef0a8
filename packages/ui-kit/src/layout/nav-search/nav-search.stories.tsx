import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { UiTestProviders } from '../../testing';
import type { NavItem } from '../nav';
import { fixtureIcon, portalNavigation } from '../nav/nav.fixtures';
import { NavSearch } from './nav-search';

const meta = {
  title: 'ui-kit/Layout/NavSearch',
  tags: ['autodocs'],
  component: NavSearch,
  decorators: [
    (Story) => (
      <UiTestProviders>
        <Story />
      </UiTestProviders>
    ),
  ],
  args: { items: portalNavigation, getIcon: fixtureIcon, onNavigate: fn() },
} satisfies Meta<typeof NavSearch>;

export default meta;
type Story = StoryObj<typeof meta>;

export const KeyboardNavigation: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole('button', { name: 'Search' }));
    const input = canvas.getByRole('searchbox', { name: 'Search' });
    await expect(input).toHaveFocus();

    await userEvent.type(input, 'meetings');
    const options = await page.findAllByRole('option');
    await expect(options.map((option) => option.textContent)).toEqual([
      'Live Meetings',
      'Completed Meetings',
      'Upcoming Meetings',
      'Open Meetings',
      'Past Meetings',
    ]);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(args.onNavigate).toHaveBeenCalledWith(expect.objectContaining({ id: 'completed-meetings' }));
    await expect(canvas.getByRole('button', { name: 'Search' })).toBeVisible();
  },
};

export const NoResultsAndEscape: Story = {
  args: { defaultOpened: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search' }), 'kubernetez');
    await expect(await page.findByText('No results..')).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect(canvas.queryByRole('searchbox')).not.toBeInTheDocument();
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Search' })).toHaveFocus());
    await expect(args.onNavigate).not.toHaveBeenCalled();
  },
};

const reports: NavItem[] = Array.from({ length: 15 }, (_, index) => ({
  id: `report-${index + 1}`,
  type: 'item',
  title: `Report ${index + 1}`,
  url: `/portal/reports/${index + 1}`,
}));

export const AtMostTenSuggestions: Story = {
  args: { items: [{ id: 'reports', type: 'group', title: 'Reports', children: reports }], defaultOpened: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search' }), 'report');
    await waitFor(() => expect(page.getAllByRole('option')).toHaveLength(10));
  },
};
