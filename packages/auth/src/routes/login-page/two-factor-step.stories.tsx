import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { useSessionStore } from '../../stores/session-store';
import { AuthTestFrame, installFakeApi, problem } from '../../testing';
import type { FakeRoutes } from '../../testing';
import { twoFactorRoutes } from './two-factor-step.fixtures';
import LoginPage from './login-page';

function withApi(routes: FakeRoutes) {
  return () => {
    window.localStorage.clear();
    window.sessionStorage.clear();
    useSessionStore.getState().hydrate();
    installFakeApi(routes);
  };
}

async function passPassword(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await userEvent.type(await canvas.findByLabelText(/Email/), 'ada@acme.test');
  await userEvent.type(canvas.getByLabelText(/Password/), 'Secret123');
  await userEvent.click(canvas.getByRole('button', { name: 'Login' }));
  return within(await canvas.findByRole('form', { name: 'Two-factor authentication' }));
}

const meta = {
  title: 'Auth/LoginPage/TwoFactorStep',
  component: LoginPage,
  decorators: [
    (Story) => (
      <AuthTestFrame path="/login">
        <Story />
      </AuthTestFrame>
    ),
  ],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof LoginPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** After the password, the code is asked; a wrong one is refused, the right one signs in. */
export const WithAuthenticatorCode: Story = {
  beforeEach: withApi(twoFactorRoutes()),
  play: async ({ canvasElement }) => {
    const form = await passPassword(canvasElement);
    await userEvent.click(form.getByRole('button', { name: 'Verify' }));
    await expect(await form.findByText('Enter the 6-digit code')).toBeVisible();
    await userEvent.type(form.getByLabelText('Authentication code'), '000000');
    await userEvent.click(form.getByRole('button', { name: 'Verify' }));
    await expect(await form.findByRole('alert')).toHaveTextContent('Invalid code, try again');
    await userEvent.type(form.getByLabelText('Authentication code'), '123456{Enter}');
    await expect(await within(canvasElement).findByTestId('location')).toHaveTextContent('/landing-page');
    await waitFor(() => expect(within(document.body).getByText('Login successful')).toBeVisible());
  },
};

/** "Use a recovery code" swaps the input; the recovery code signs in. */
export const WithRecoveryCode: Story = {
  beforeEach: withApi(twoFactorRoutes()),
  play: async ({ canvasElement }) => {
    const form = await passPassword(canvasElement);
    await userEvent.click(form.getByRole('button', { name: 'Use a recovery code' }));
    await userEvent.type(form.getByLabelText('Recovery code'), 'abcde-fghjk');
    await userEvent.click(form.getByRole('button', { name: 'Verify' }));
    await expect(await within(canvasElement).findByTestId('location')).toHaveTextContent('/landing-page');
  },
};

/** Back returns to the email and password form with the email kept. */
export const BackToPassword: Story = {
  beforeEach: withApi(twoFactorRoutes()),
  play: async ({ canvasElement }) => {
    const form = await passPassword(canvasElement);
    await userEvent.click(form.getByRole('button', { name: 'Back' }));
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('form', { name: 'Login' })).toBeVisible();
    await expect(canvas.getByLabelText(/Email/)).toHaveValue('ada@acme.test');
  },
};

/** The five minutes are over: back to the password with the reason. */
export const Expired: Story = {
  beforeEach: withApi(twoFactorRoutes({ login2FA: problem(400, 'token_invalid') })),
  play: async ({ canvasElement }) => {
    const form = await passPassword(canvasElement);
    await userEvent.type(form.getByLabelText('Authentication code'), '123456{Enter}');
    await expect(await within(canvasElement).findByRole('form', { name: 'Login' })).toBeVisible();
    await waitFor(() => expect(within(document.body).getByText('Your sign-in has expired. Please enter your password again.')).toBeVisible());
  },
};
