import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { UiTestProviders } from '../testing';
import { Splash } from './splash';

const meta = {
  title: 'ui-kit/Feedback/Splash',
  tags: ['autodocs'],
  component: Splash,
  decorators: [
    (Story) => (
      <UiTestProviders>
        <Story />
      </UiTestProviders>
    ),
  ],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof Splash>;

export default meta;
type Story = StoryObj<typeof meta>;

export const FirstLoad: Story = {
  play: async ({ canvasElement }) => {
    const status = within(canvasElement).getByRole('status', { name: 'Loading' });
    await expect(status).toHaveAttribute('aria-busy', 'true');
    await expect(status.querySelector('img')).toBeNull();
  },
};

export const WithCachedLogo: Story = {
  args: {
    logo: 'data:image/svg+xml;utf8,<svg xmlns="http://www.w3.org/2000/svg" width="120" height="48"><rect width="120" height="48" rx="8" fill="%23f76707"/></svg>',
  },
  play: async ({ canvasElement }) => {
    const status = within(canvasElement).getByRole('status', { name: 'Loading' });
    // Decorative: the status is announced by its label, not by the image.
    await expect(status.querySelector('img')).toHaveAttribute('alt', '');
  },
};
