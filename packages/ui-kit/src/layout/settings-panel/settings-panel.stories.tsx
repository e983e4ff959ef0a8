import { Select } from '@mantine/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { UiTestProviders } from '../../testing';
import { useLayoutStore } from '../layout-store';
import { SettingsPanel } from './settings-panel';

const meta = {
  title: 'ui-kit/Layout/SettingsPanel',
  tags: ['autodocs'],
  component: SettingsPanel,
  decorators: [
    (Story) => (
      <UiTestProviders>
        <Story />
      </UiTestProviders>
    ),
  ],
  beforeEach: () => {
    useLayoutStore.getState().resetLayout();
    useLayoutStore.getState().openPanel('settings');
  },
  args: {
    children: <Select label="Language" data={['English', 'Français', 'العربية', "O'zbekcha"]} defaultValue="English" />,
  },
} satisfies Meta<typeof SettingsPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ChangeLayoutAndScheme: Story = {
  play: async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body);
    const panel = within(await page.findByRole('dialog', { name: 'Theme settings' }));

    await userEvent.click(panel.getByRole('switch', { name: /Folded navigation/ }));
    await expect(useLayoutStore.getState().navbarFolded).toBe(true);

    await userEvent.click(panel.getByRole('radio', { name: 'Horizontal, boxed' }));
    await expect(useLayoutStore.getState().layout).toBe('horizontal-2');
    // Folding only applies to the side navigation.
    await expect(panel.getByRole('switch', { name: /Folded navigation/ })).toBeDisabled();

    await userEvent.click(panel.getByRole('radio', { name: 'Dark' }));
    await expect(useLayoutStore.getState().colorScheme).toBe('dark');

    await expect(panel.getByText('Language')).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect(useLayoutStore.getState().panels.settings).toBe(false);
  },
};
