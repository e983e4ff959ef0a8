import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { AuthTestFrame, fakeTenantInfo, installFakeApi, json, problem } from '../../testing';
import type { FakeRoutes } from '../../testing';
import ForgotPasswordPage from './forgot-password-page';

function withApi(routes: FakeRoutes) {
  return () => {
    installFakeApi({ getTenantInfo: json(fakeTenantInfo()), ...routes });
  };
}

const meta = {
  title: 'Auth/ForgotPasswordPage',
  component: ForgotPasswordPage,
  decorators: [
    (Story) => (
      <AuthTestFrame path="/forgot-password">
        <Story />
      </AuthTestFrame>
    ),
  ],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ForgotPasswordPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** 'Please enter a valid email', then 'Password reset link sent successfully'. */
export const SendsLink: Story = {
  beforeEach: withApi({
    changePassword: async (request) => {
      const body = (await request.json()) as { email?: string };
      return body.email === 'ada@acme.test' ? { status: 202 } : problem(400, 'validation_failed');
    },
  }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText('Email'), 'ada@');
    await userEvent.click(canvas.getByRole('button', { name: 'Send Reset Link' }));
    await expect(await canvas.findByText('Please enter a valid email')).toBeVisible();
    await userEvent.type(canvas.getByLabelText('Email'), 'acme.test ');
    await userEvent.click(canvas.getByRole('button', { name: 'Send Reset Link' }));
    await expect(await within(document.body).findByText('Password reset link sent successfully')).toBeVisible();
    await expect(canvas.getByText(/If ada@acme.test belongs to an account/)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
  },
};

/** A failure says the spec's 'Failed, try again'. */
export const Fails: Story = {
  beforeEach: withApi({ changePassword: problem(500, 'internal') }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText('Email'), 'ada@acme.test');
    await userEvent.click(canvas.getByRole('button', { name: 'Send Reset Link' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Failed, try again');
  },
};
