import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { UiTestProviders } from '../testing';
import { PageLoader } from './page-loader';

const meta = {
  title: 'ui-kit/Feedback/PageLoader',
  tags: ['autodocs'],
  component: PageLoader,
  decorators: [(Story) => <UiTestProviders><Story /></UiTestProviders>],
} satisfies Meta<typeof PageLoader>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByText('Loading')).toBeVisible();
  },
};
