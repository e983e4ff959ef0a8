import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { UiTestProviders } from '../../testing';
import { useLayoutStore } from '../layout-store';
import { fixtureIcon, portalNavigation } from '../nav/nav.fixtures';
import { ShortcutsBar } from './shortcuts-bar';

const meta = {
  title: 'ui-kit/Layout/ShortcutsBar',
  tags: ['autodocs'],
  component: ShortcutsBar,
  decorators: [
    (Story) => (
      <UiTestProviders>
        <Story />
      </UiTestProviders>
    ),
  ],
  args: { items: portalNavigation, getIcon: fixtureIcon },
  beforeEach: () => {
    useLayoutStore.getState().resetLayout();
    useLayoutStore.getState().hydrate({ shortcuts: ['user', 'roles', 'no-longer-allowed'] });
  },
} satisfies Meta<typeof ShortcutsBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const AddAndRemove: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    const bar = canvas.getByRole('group', { name: 'Shortcuts' });
    // Unknown ids (items the user can no longer see) are skipped.
    await expect(within(bar).getAllByRole('link').map((link) => link.getAttribute('aria-label'))).toEqual(['Users', 'Roles']);
    await expect(within(bar).getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/portal/user');

    await userEvent.click(canvas.getByRole('button', { name: 'Edit shortcuts' }));
    const products = await page.findByRole('menuitemcheckbox', { name: 'Products' });
    await expect(products).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(products);
    await expect(within(bar).getByRole('link', { name: 'Products' })).toBeVisible();

    await userEvent.click(page.getByRole('menuitemcheckbox', { name: 'Users' }));
    await expect(within(bar).queryByRole('link', { name: 'Users' })).not.toBeInTheDocument();
    await expect(useLayoutStore.getState().shortcuts).toEqual(['roles', 'no-longer-allowed', 'products']);
  },
};

export const Empty: Story = {
  beforeEach: () => useLayoutStore.getState().resetLayout(),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryAllByRole('link')).toHaveLength(0);
    await expect(canvas.getByRole('button', { name: 'Edit shortcuts' })).toBeVisible();
  },
};
