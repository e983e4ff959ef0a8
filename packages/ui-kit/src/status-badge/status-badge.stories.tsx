import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { languageLoader, withAdminProviders } from '../../testing';
import { StatusBadge } from './status-badge';

const meta = {
  title: 'Tenants/StatusBadge',
  component: StatusBadge,
  decorators: [withAdminProviders],
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

/** The catalog's word in French. */
export const French: Story = {
  parameters: { language: 'fr' },
  loaders: [languageLoader('fr')],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Activé')).toBeInTheDocument();
  },
};
