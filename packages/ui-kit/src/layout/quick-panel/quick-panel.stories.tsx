import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { UiTestProviders } from '../../testing';
import { useLayoutStore } from '../layout-store';
import { QuickPanel } from './quick-panel';

const meta = {
  title: 'ui-kit/Layout/QuickPanel',
  tags: ['autodocs'],
  component: QuickPanel,
  decorators: [
    (Story) => (
      <UiTestProviders>
        <Story />
      </UiTestProviders>
    ),
  ],
  beforeEach: () => {
    useLayoutStore.getState().resetLayout();
    useLayoutStore.getState().openPanel('quick');
  },
  args: {
    sections: [
      {
        id: 'today',
        title: 'Today',
        items: [
          { id: 'm1', label: 'Weekly sync', description: '10:00 – 10:30, meeting 4815162342' },
          { id: 'm2', label: 'Customer onboarding', description: '14:00 – 15:00' },
        ],
      },
      { id: 'notes', title: 'Notes', items: [{ label: 'Renew the SMTP certificate before Friday' }] },
      { id: 'events', title: 'Events', items: [] },
    ],
  },
} satisfies Meta<typeof QuickPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithSections: Story = {
  play: async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body);
    const panel = await page.findByRole('dialog', { name: 'Quick panel' });
    await expect(within(panel).getByRole('region', { name: 'Today' })).toHaveTextContent('Weekly sync');
    // Sections without entries are left out.
    await expect(within(panel).queryByRole('region', { name: 'Events' })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await expect(useLayoutStore.getState().panels.quick).toBe(false);
  },
};

export const Empty: Story = {
  args: { sections: [] },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body);
    await expect(await page.findByText('Nothing here yet.')).toBeVisible();
  },
};

export const Loading: Story = {
  args: { sections: [], loading: true },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body);
    const panel = await page.findByRole('dialog', { name: 'Quick panel' });
    await expect(panel.querySelector('[aria-busy="true"]')).not.toBeNull();
    await expect(within(panel).queryByText('Nothing here yet.')).not.toBeInTheDocument();
  },
};
