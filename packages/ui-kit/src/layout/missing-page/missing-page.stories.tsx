import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { UiTestProviders } from '../../testing';
import type { RenderLinkProps } from '../nav';
import { MissingPage } from './missing-page';

const meta = {
  title: 'ui-kit/Layout/MissingPage',
  tags: ['autodocs'],
  component: MissingPage,
  decorators: [
    (Story) => (
      <UiTestProviders>
        <Story />
      </UiTestProviders>
    ),
  ],
  args: { homeHref: '/portal/landing-page' },
} satisfies Meta<typeof MissingPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Production: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Oops. This page has gone missing.' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/portal/landing-page');
    await expect(canvas.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    await expect(canvas.queryByText(/Contact support/)).not.toBeInTheDocument();
  },
};

/** The platform's support address saved in the global configuration: offered as a mailto link. */
export const WithSupportEmail: Story = {
  args: { supportEmail: 'help@example.com' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/Contact support:/)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'help@example.com' })).toHaveAttribute('href', 'mailto:help@example.com');
  },
};

const navigate = fn();

export const LocalDevelopmentWithRouterLinks: Story = {
  args: {
    loginHref: '/portal/login',
    // What an app does with its router: intercept the click and navigate client-side.
    renderLink: ({ href, item: _item, onClick, ...props }: RenderLinkProps) => (
      <a
        href={href}
        {...props}
        onClick={(event) => {
          onClick?.(event);
          event.preventDefault();
          navigate(href);
        }}
      />
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('link', { name: 'Login' }));
    await expect(navigate).toHaveBeenCalledWith('/portal/login');
  },
};
