import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { UiTestProviders } from '../testing';
import { StatusBadge } from './status-badge';

const meta = {
  title: 'ui-kit/Feedback/StatusBadge',
  tags: ['autodocs'],
  component: StatusBadge,
  decorators: [(Story) => <UiTestProviders><Story /></UiTestProviders>],
  args: { status: 'enabled' },
} satisfies Meta<typeof StatusBadge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Enabled: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Enabled')).toBeInTheDocument();
  },
};

export const Disabled: Story = {
  args: { status: 'disabled' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Disabled')).toBeInTheDocument();
  },
};
