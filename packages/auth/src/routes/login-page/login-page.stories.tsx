import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { useSessionStore } from '../../stores/session-store';
import { AuthTestFrame, fakeCurrentUser, fakePermissionTree, fakeTenantInfo, installFakeApi, json, problem } from '../../testing';
import type { FakeRoutes } from '../../testing';
import LoginPage from './login-page';

function resetSession() {
  window.localStorage.clear();
  window.sessionStorage.clear();
  useSessionStore.getState().hydrate();
}

function withApi(routes: FakeRoutes) {
  return () => {
    resetSession();
    installFakeApi(routes);
  };
}

const signedInRoutes: FakeRoutes = {
  getTenantInfo: json(fakeTenantInfo()),
  loginUser: json({
    firstname: 'Ada',
    lastname: 'Lovelace',
    profile_picture: null,
    email: 'ada@acme.test',
    change_password: false,
    tmpid: null,
    csrfToken: 'csrf',
  }),
  getCurrentUser: json(fakeCurrentUser()),
  getUserPermissions: json(fakePermissionTree()),
};

const meta = {
  title: 'Auth/LoginPage',
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

/** Client-side checks: the spec's email message and a required password, before any call. */
export const Default: Story = {
  beforeEach: withApi(signedInRoutes),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Welcome to Acme' })).toBeVisible();
    await expect(canvas.getByText('Meet anyone, anywhere.')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /Google/ })).toBeNull();
    await expect(canvas.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
    await expect(canvas.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');

    await userEvent.type(canvas.getByLabelText(/Email/), 'not-an-email');
    await userEvent.click(canvas.getByRole('button', { name: 'Login' }));
    await expect(await canvas.findByText('Please enter a valid email')).toBeVisible();
    await expect(canvas.getByText('This field is required')).toBeVisible();
  },
};

/** A tenant with Google and Facebook providers configured shows their buttons (ProviderButtons). */
export const WithSocialLogin: Story = {
  beforeEach: withApi({
    ...signedInRoutes,
    authProviderConfigs: json({
      providers: [
        { id: '00000000-0000-4000-8000-00000000000a', name: 'Google', kind: 'google' },
        { id: '00000000-0000-4000-8000-00000000000b', name: 'Facebook', kind: 'facebook' },
      ],
      signupSocial: false,
    }),
  }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Login with Google' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Login with Facebook' })).toBeEnabled();
  },
};

/** The server refuses the credentials: the spec's message in the form and as a snackbar. */
export const WrongPassword: Story = {
  beforeEach: withApi({ ...signedInRoutes, loginUser: problem(401, 'invalid_credentials') }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText(/Email/), 'ada@acme.test');
    await userEvent.type(canvas.getByLabelText(/Password/), 'wrong-password');
    await userEvent.click(canvas.getByRole('button', { name: 'Login' }));
    const form = canvas.getByRole('form', { name: 'Login' });
    await expect(await within(form).findByRole('alert')).toHaveTextContent('Incorrect Email or Password');
    // The same words in the error snackbar.
    await waitFor(() => expect(within(document.body).getAllByText('Incorrect Email or Password')).toHaveLength(2));
  },
};

/** Too many failed attempts: the server's lockout is explained rather than a generic failure. */
export const TooManyAttempts: Story = {
  beforeEach: withApi({ ...signedInRoutes, loginUser: problem(429, 'too_many_attempts') }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText(/Email/), 'ada@acme.test');
    await userEvent.type(canvas.getByLabelText(/Password/), 'Secret123');
    await userEvent.keyboard('{Enter}');
    const form = canvas.getByRole('form', { name: 'Login' });
    await expect(await within(form).findByRole('alert')).toHaveTextContent('Too many attempts. Please wait a few minutes and try again.');
  },
};

/**
 * The platform's maintenance mode closes this tenant: the notice with the support address, and a
 * sign-in attempt answered 503 `maintenance` says the same words.
 */
export const UnderMaintenance: Story = {
  beforeEach: withApi({
    ...signedInRoutes,
    getTenantInfo: json(fakeTenantInfo({ maintenance: true, supportEmail: 'help@acme.example' })),
    loginUser: problem(503, 'maintenance'),
  }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const notice = await canvas.findByRole('status');
    await expect(notice).toHaveTextContent('The portal is down for maintenance. Please try again later.');
    await expect(within(notice).getByText(/Contact support:/)).toBeVisible();
    await expect(within(notice).getByRole('link', { name: 'help@acme.example' })).toHaveAttribute('href', 'mailto:help@acme.example');

    await userEvent.type(canvas.getByLabelText(/Email/), 'ada@acme.test');
    await userEvent.type(canvas.getByLabelText(/Password/), 'Secret123');
    await userEvent.click(canvas.getByRole('button', { name: 'Login' }));
    const form = canvas.getByRole('form', { name: 'Login' });
    await expect(await within(form).findByRole('alert')).toHaveTextContent('The portal is down for maintenance. Please try again later.');
  },
};

/** Without maintenance mode there is no notice, and no support address on the login page. */
export const NoMaintenanceNotice: Story = {
  beforeEach: withApi({ ...signedInRoutes, getTenantInfo: json(fakeTenantInfo({ supportEmail: 'help@acme.example' })) }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Welcome to Acme' })).toBeVisible();
    await expect(canvas.queryByRole('status')).toBeNull();
    await expect(canvas.queryByText(/Contact support/)).toBeNull();
  },
};

/** A successful sign-in with no pending flow lands on the landing page with 'Login successful'. */
export const SignsIn: Story = {
  beforeEach: withApi(signedInRoutes),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText(/Email/), 'ada@acme.test');
    await userEvent.type(canvas.getByLabelText(/Password/), 'Secret123');
    await userEvent.click(canvas.getByRole('button', { name: 'Login' }));
    await expect(await canvas.findByTestId('location')).toHaveTextContent('/landing-page');
    await expect(within(document.body).getByText('Login successful')).toBeVisible();
  },
};
