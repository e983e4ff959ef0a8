import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { AuthTestFrame, fakeTenantInfo, installFakeApi, json, problem } from '../../testing';
import type { FakeRoutes } from '../../testing';
import RegisterPage from './register-page';

function withApi(routes: FakeRoutes, signupNormal = true) {
  return () => {
    window.sessionStorage.clear();
    installFakeApi({ getTenantInfo: json(fakeTenantInfo({ signup: { normal: signupNormal, social: false } })), ...routes });
  };
}

const meta = {
  title: 'Auth/RegisterPage',
  component: RegisterPage,
  decorators: [
    (Story) => (
      <AuthTestFrame path="/register">
        <Story />
      </AuthTestFrame>
    ),
  ],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof RegisterPage>;

export default meta;
type Story = StoryObj<typeof meta>;

async function fill(canvasElement: HTMLElement, email: string, first: string, last: string) {
  const canvas = within(canvasElement);
  await userEvent.type(await canvas.findByLabelText('Work email'), email);
  if (first) await userEvent.type(canvas.getByLabelText('First name'), first);
  if (last) await userEvent.type(canvas.getByLabelText('Last name'), last);
  await userEvent.click(canvas.getByRole('button', { name: 'Register' }));
  return canvas;
}

/** The spec's validation messages, then a registration that goes on to the Thank-you page. */
export const Registers: Story = {
  beforeEach: withApi({ signupUser: json({ email: 'nora@newco.test' }, 201) }),
  play: async ({ canvasElement }) => {
    const canvas = await fill(canvasElement, 'nora@', '', '');
    await expect(await canvas.findByText('Enter a valid email')).toBeVisible();
    await expect(canvas.getByText('Enter a valid first name')).toBeVisible();
    await expect(canvas.getByText('Enter a valid last name')).toBeVisible();

    await userEvent.type(canvas.getByLabelText('Work email'), 'newco.test');
    await userEvent.type(canvas.getByLabelText('First name'), 'Nora');
    await userEvent.type(canvas.getByLabelText('Last name'), 'Newcomer');
    await userEvent.click(canvas.getByRole('button', { name: 'Register' }));
    await expect(await canvas.findByTestId('location')).toHaveTextContent('/thank-you');
    await expect(within(document.body).getByText('Registration Successful')).toBeVisible();
  },
};

/** A registered address is said so on the email field. */
export const EmailAlreadyRegistered: Story = {
  beforeEach: withApi({ signupUser: problem(409, 'email_registered') }),
  play: async ({ canvasElement }) => {
    const canvas = await fill(canvasElement, 'ada@acme.test', 'Ada', 'Lovelace');
    await expect(await canvas.findByText('Email already registered')).toBeVisible();
    await expect(canvas.getByLabelText('Work email')).toHaveAttribute('aria-invalid', 'true');
  },
};

/** The tenant holds as many accounts as it may: said in the visitor's words, the form kept. */
export const UserLimitReached: Story = {
  beforeEach: withApi({ signupUser: problem(409, 'user_limit_reached') }),
  play: async ({ canvasElement }) => {
    const canvas = await fill(canvasElement, 'nora@newco.test', 'Nora', 'Newcomer');
    await expect(await canvas.findByText('No new accounts can be created here at the moment. Please contact the administrator.')).toBeVisible();
    await expect(canvas.getByLabelText('Work email')).toHaveValue('nora@newco.test');
  },
};

/** With the tenant's normal sign-up off there is no form, only the way back to login. */
export const SignupClosed: Story = {
  beforeEach: withApi({}, false),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/Creating an account is not available here/)).toBeVisible();
    await expect(canvas.queryByLabelText('Work email')).toBeNull();
    await expect(canvas.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
  },
};

/** Cancel goes back to login. */
export const Cancel: Story = {
  beforeEach: withApi({}),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('link', { name: 'Cancel' }));
    await expect(await canvas.findByTestId('location')).toHaveTextContent('/login');
  },
};
