import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { UiTestProviders } from '../testing';
import { ErrorState } from './error-state';

const meta = {
  title: 'ui-kit/Feedback/ErrorState',
  tags: ['autodocs'],
  component: ErrorState,
  decorators: [(Story) => <UiTestProviders><Story /></UiTestProviders>],
  args: { message: 'Failed, Try Again..!!', actionLabel: 'Try again', onAction: fn() },
} satisfies Meta<typeof ErrorState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Retry: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onAction).toHaveBeenCalled();
  },
};
