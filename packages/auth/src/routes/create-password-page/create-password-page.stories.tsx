import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { AuthTestFrame, fakeTenantInfo, installFakeApi, json, noContent, problem } from '../../testing';
import type { FakeRoutes } from '../../testing';
import CreatePasswordPage from './create-password-page';

const TOKEN = 'signup-token-0123456789';

function withApi(routes: FakeRoutes) {
  return () => {
    installFakeApi({ getTenantInfo: json(fakeTenantInfo()), ...routes });
  };
}

const meta = {
  title: 'Auth/CreatePasswordPage',
  component: CreatePasswordPage,
  decorators: [
    (Story, context) => (
      <AuthTestFrame path="/create-password" initialEntry={(context.parameters.entry as string | undefined) ?? `/create-password?token=${TOKEN}`}>
        <Story />
      </AuthTestFrame>
    ),
  ],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof CreatePasswordPage>;

export default meta;
type Story = StoryObj<typeof meta>;

async function submit(canvasElement: HTMLElement, password: string, retyped: string) {
  const canvas = within(canvasElement);
  await userEvent.clear(await canvas.findByLabelText('New password'));
  await userEvent.type(canvas.getByLabelText('New password'), password);
  await userEvent.clear(canvas.getByLabelText('Retype password'));
  await userEvent.type(canvas.getByLabelText('Retype password'), retyped);
  await userEvent.click(canvas.getByRole('button', { name: 'Create password' }));
  return canvas;
}

/** The password rule and 'Passwords do not match', then 'Password created successfully' and login. */
export const CreatesPassword: Story = {
  beforeEach: withApi({
    // Only the link's token with the chosen password succeeds, so the story proves what was sent.
    enableUser: async (request) => {
      const body = (await request.json()) as { token?: string; password?: string };
      return body.token === TOKEN && body.password === 'Secret123' ? noContent() : problem(400, 'token_invalid');
    },
  }),
  play: async ({ canvasElement }) => {
    let canvas = await submit(canvasElement, 'short', 'other');
    await expect(
      await canvas.findByText('Password must contain at least 6 characters, including upper case/ lower case and numbers'),
    ).toBeVisible();
    await expect(canvas.getByText('Passwords do not match')).toBeVisible();
    canvas = await submit(canvasElement, 'Secret123', 'Secret123');
    await expect(await canvas.findByTestId('location')).toHaveTextContent('/login');
    await expect(within(document.body).getByText('Password created successfully')).toBeVisible();
  },
};

/** An expired link says so and offers a new one from the Thank-you page. */
export const ExpiredLink: Story = {
  beforeEach: withApi({ enableUser: problem(400, 'token_expired') }),
  play: async ({ canvasElement }) => {
    const canvas = await submit(canvasElement, 'Secret123', 'Secret123');
    await expect(await canvas.findByRole('alert')).toHaveTextContent('This link has expired.');
    await expect(canvas.getByRole('link', { name: 'Send me a new link' })).toHaveAttribute('href', '/thank-you');
  },
};

/** A used link (the password exists already) offers a new one from Forgot password, and login. */
export const UsedLink: Story = {
  beforeEach: withApi({ enableUser: problem(400, 'token_used') }),
  play: async ({ canvasElement }) => {
    const canvas = await submit(canvasElement, 'Secret123', 'Secret123');
    await expect(await canvas.findByRole('alert')).toHaveTextContent('This link has already been used.');
    await expect(canvas.getByRole('link', { name: 'Send me a new link' })).toHaveAttribute('href', '/forgot-password');
    await expect(canvas.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
  },
};

/** Opened without a token: no form, a new link offered. */
export const WithoutToken: Story = {
  parameters: { entry: '/create-password' },
  beforeEach: withApi({}),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('This link is invalid or has expired.');
    await expect(canvas.queryByLabelText('New password')).toBeNull();
  },
};
