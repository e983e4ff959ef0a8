import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { useSessionStore } from '../../stores/session-store';
import { AuthTestFrame, fakeTenantInfo, installFakeApi, json, noContent, problem } from '../../testing';
import type { FakeRoutes } from '../../testing';
import ResetPasswordPage from './reset-password-page';

const TOKEN = 'invite-token-0123456789';

function withApi(routes: FakeRoutes) {
  return () => {
    window.localStorage.clear();
    window.sessionStorage.clear();
    useSessionStore.getState().hydrate();
    installFakeApi({ getTenantInfo: json(fakeTenantInfo()), ...routes });
  };
}

const meta = {
  title: 'Auth/ResetPasswordPage',
  component: ResetPasswordPage,
  decorators: [
    (Story) => (
      <AuthTestFrame path="/auth/reset-password" initialEntry={`/auth/reset-password?token=${TOKEN}`}>
        <Story />
      </AuthTestFrame>
    ),
  ],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ResetPasswordPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The spec's password rule and confirmation messages, then the update and the way to login. */
export const FromInviteLink: Story = {
  beforeEach: withApi({ updatePassword: noContent() }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText(/New password/), 'short');
    await userEvent.type(canvas.getByLabelText(/Retype password/), 'other');
    await userEvent.click(canvas.getByRole('button', { name: 'Update password' }));
    await expect(
      await canvas.findByText('Password must contain at least 6 characters, including upper case/ lower case and numbers'),
    ).toBeVisible();
    await expect(canvas.getByText('Passwords do not match')).toBeVisible();

    await userEvent.clear(canvas.getByLabelText(/New password/));
    await userEvent.type(canvas.getByLabelText(/New password/), 'Secret123');
    await userEvent.clear(canvas.getByLabelText(/Retype password/));
    await userEvent.type(canvas.getByLabelText(/Retype password/), 'Secret123');
    await userEvent.click(canvas.getByRole('button', { name: 'Update password' }));
    await expect(await canvas.findByTestId('location')).toHaveTextContent('/login');
    await expect(within(document.body).getByText('Password updated successfully')).toBeVisible();
  },
};

/** An expired or used link says so and offers the way back to login. */
export const ExpiredLink: Story = {
  beforeEach: withApi({ updatePassword: problem(400, 'token_invalid') }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText(/New password/), 'Secret123');
    await userEvent.type(canvas.getByLabelText(/Retype password/), 'Secret123');
    await userEvent.click(canvas.getByRole('button', { name: 'Update password' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('This link is invalid or has expired.');
    await expect(canvas.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
  },
};

/** A used reset link says so and offers a new one from Forgot password. */
export const UsedLink: Story = {
  beforeEach: withApi({ updatePassword: problem(400, 'token_used') }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText(/New password/), 'Secret123');
    await userEvent.type(canvas.getByLabelText(/Retype password/), 'Secret123');
    await userEvent.click(canvas.getByRole('button', { name: 'Update password' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('This link has already been used.');
    await expect(canvas.getByRole('link', { name: 'Send me a new link' })).toHaveAttribute('href', '/forgot-password');
  },
};

/** An expired reset link says it expired. */
export const ExpiredResetLink: Story = {
  beforeEach: withApi({ updatePassword: problem(400, 'token_expired') }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText(/New password/), 'Secret123');
    await userEvent.type(canvas.getByLabelText(/Retype password/), 'Secret123');
    await userEvent.click(canvas.getByRole('button', { name: 'Update password' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('This link has expired.');
    await expect(canvas.getByRole('link', { name: 'Send me a new link' })).toHaveAttribute('href', '/forgot-password');
  },
};
