import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { AuthTestFrame, fakeTenantInfo, installFakeApi, json } from '../../testing';
import SignupPage from './signup-page';

const withTenant = (normal: boolean) => () => {
  installFakeApi({ getTenantInfo: json(fakeTenantInfo({ signup: { normal, social: false } })) });
};

const meta = {
  title: 'Auth/SignupPage',
  component: SignupPage,
  decorators: [
    (Story) => (
      <AuthTestFrame path="/signup">
        <Story />
      </AuthTestFrame>
    ),
  ],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof SignupPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Create Account with the terms and privacy notices; the button leads to Register. */
export const Open: Story = {
  beforeEach: withTenant(true),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Sign up for Acme Meetings' })).toBeVisible();
    await expect(canvas.getByText(/Terms of Service/)).toBeVisible();
    await expect(canvas.getByText(/Privacy notice/)).toBeVisible();
    await userEvent.click(canvas.getByRole('link', { name: 'Create Account' }));
    await expect(await canvas.findByTestId('location')).toHaveTextContent('/register');
  },
};

/** Sign-up turned off: no Create Account, the way to login stays. */
export const Closed: Story = {
  beforeEach: withTenant(false),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/Creating an account is not available here/)).toBeVisible();
    await expect(canvas.queryByRole('link', { name: 'Create Account' })).toBeNull();
    await expect(canvas.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  },
};
