import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { UiTestProviders } from '../../testing';
import { useLayoutStore } from '../layout-store';
import { ColorSchemePanel } from './color-scheme-panel';
import { ColorSchemeSync } from './color-scheme-sync';

const meta = {
  title: 'ui-kit/Layout/ColorSchemePanel',
  tags: ['autodocs'],
  component: ColorSchemePanel,
  decorators: [
    (Story) => (
      <UiTestProviders>
        <ColorSchemeSync />
        <Story />
      </UiTestProviders>
    ),
  ],
  beforeEach: () => {
    useLayoutStore.getState().resetLayout();
    useLayoutStore.getState().openPanel('colorScheme');
  },
} satisfies Meta<typeof ColorSchemePanel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const SwitchToDark: Story = {
  play: async ({ canvasElement }) => {
    const doc = canvasElement.ownerDocument;
    const panel = within(await within(doc.body).findByRole('dialog', { name: 'Colour scheme' }));
    await expect(panel.getByRole('radio', { name: 'Light' })).toBeChecked();
    await userEvent.click(panel.getByRole('radio', { name: 'Dark' }));
    await expect(useLayoutStore.getState().colorScheme).toBe('dark');
    await waitFor(() => expect(doc.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark'));
    await userEvent.click(panel.getByRole('radio', { name: 'Light' }));
    await waitFor(() => expect(doc.documentElement).toHaveAttribute('data-mantine-color-scheme', 'light'));
  },
};
