import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { AuthTestFrame, fakeTenantInfo, installFakeApi, json } from '../../testing';
import GettingStartedPage from './getting-started-page';

const withTenant = (normal: boolean) => () => {
  installFakeApi({ getTenantInfo: json(fakeTenantInfo({ signup: { normal, social: false } })) });
};

const meta = {
  title: 'Auth/GettingStartedPage',
  component: GettingStartedPage,
  decorators: [
    (Story) => (
      <AuthTestFrame path="/getting-started">
        <Story />
      </AuthTestFrame>
    ),
  ],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof GettingStartedPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Three steps, then Create Account (to the sign-up page) or Login. */
export const Steps: Story = {
  beforeEach: withTenant(true),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Getting started' })).toBeVisible();
    await expect(canvas.getAllByRole('listitem')).toHaveLength(3);
    await expect(await canvas.findByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    await userEvent.click(canvas.getByRole('link', { name: 'Create Account' }));
    await expect(await canvas.findByTestId('location')).toHaveTextContent('/signup');
  },
};

/** With sign-up off only Login is offered. */
export const SignupClosed: Story = {
  beforeEach: withTenant(false),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: 'Login' })).toBeVisible();
    await expect(canvas.queryByRole('link', { name: 'Create Account' })).toBeNull();
  },
};
