import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { activateLanguage } from '@portal/i18n';
import type { Language } from '@portal/i18n';
import { AuthTestFrame, installFakeApi, json, problem } from '../../testing';
import type { FakeFetch, FakeRoutes } from '../../testing';
import { ProviderButtons, ProviderSignInError } from './provider-buttons';
import type { ProviderButtonsProps } from './provider-buttons';

const google = { id: '00000000-0000-4000-8000-00000000000a', name: 'Google', kind: 'google' as const };
const facebook = { id: '00000000-0000-4000-8000-00000000000b', name: 'Facebook', kind: 'facebook' as const };
const corporate = { id: '00000000-0000-4000-8000-00000000000c', name: 'Acme SSO', kind: 'oidc' as const };
const authorizationUrl = 'https://id.example.com/authorize?client_id=portal&state=abc';

/** Where the buttons sent the browser, and the fake API's record of calls (reset per story). */
const navigations: string[] = [];
let api: FakeFetch | undefined;

function setup(routes: FakeRoutes, language: Language = 'en') {
  return async () => {
    navigations.length = 0;
    api = installFakeApi(routes);
    await activateLanguage(language);
  };
}

const threeProviders = (signupSocial: boolean): FakeRoutes => ({
  authProviderConfigs: json({ providers: [google, facebook, corporate], signupSocial }),
  authProviderLogin: json({ authorizationUrl }),
  authProviderSignup: json({ authorizationUrl }),
});

function Harness(props: Pick<ProviderButtonsProps, 'intent'>) {
  return (
    <>
      <ProviderSignInError />
      <ProviderButtons {...props} onNavigate={(url) => navigations.push(url)} />
    </>
  );
}

/** `parameters.entry`: the login page's URL, with `?redirect=` or `?error=`. */
const withFrame: Decorator = (Story, context) => (
  <AuthTestFrame path="/login" initialEntry={(context.parameters.entry as string | undefined) ?? '/login'}>
    <Story />
  </AuthTestFrame>
);

const meta = {
  title: 'Auth/ProviderButtons',
  component: Harness,
  args: { intent: 'login' },
  decorators: [withFrame],
} satisfies Meta<typeof Harness>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Google, Facebook and a generic provider; a click leaves for the provider, asking to come back to `?redirect`. */
export const LoginButtons: Story = {
  parameters: { entry: '/login?redirect=%2Fuser' },
  beforeEach: setup(threeProviders(false)),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Login with Google' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Login with Facebook' })).toBeEnabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Login with Acme SSO' }));
    await waitFor(() => expect(navigations).toEqual([authorizationUrl]));
    await expect(api?.calls).toContain('authProviderLogin');
    await expect(api?.bodies.at(-1)).toEqual({ providerId: corporate.id, returnTo: '/portal/user' });
  },
};

/** No provider configured: nothing at all, not even the "or" divider. */
export const NoProviders: Story = {
  beforeEach: setup({ authProviderConfigs: json({ providers: [], signupSocial: true }) }),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(api?.calls).toContain('authProviderConfigs'));
    await expect(within(canvasElement).queryByRole('button')).toBeNull();
    await expect(within(canvasElement).queryByText('or')).toBeNull();
  },
};

/** Sign-up buttons only while the tenant's social sign-up is open; they start authProviderSignup. */
export const SignupButtons: Story = {
  args: { intent: 'signup' },
  beforeEach: setup(threeProviders(true)),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Sign up with Google' }));
    await waitFor(() => expect(navigations).toEqual([authorizationUrl]));
    await expect(api?.calls).toContain('authProviderSignup');
    await expect(api?.bodies.at(-1)).toEqual({ providerId: google.id });
  },
};

/** Social sign-up closed: the sign-up page shows no provider buttons. */
export const SignupClosed: Story = {
  args: { intent: 'signup' },
  beforeEach: setup(threeProviders(false)),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(api?.calls).toContain('authProviderConfigs'));
    await expect(within(canvasElement).queryByRole('button')).toBeNull();
  },
};

/** The provider cannot be reached: the buttons stay, with the reason. */
export const ProviderUnavailable: Story = {
  beforeEach: setup({ ...threeProviders(false), authProviderLogin: problem(502, 'provider_unavailable') }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Login with Google' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The sign-in service could not be reached. Please try again later.');
    await expect(canvas.getByRole('button', { name: 'Login with Google' })).toBeEnabled();
    await expect(navigations).toEqual([]);
  },
};

/** Back from a refused sign-in (`/login?error=signup_closed`): the reason, above the buttons. */
export const CallbackError: Story = {
  parameters: { entry: '/login?error=signup_closed' },
  beforeEach: setup(threeProviders(false)),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('There is no account for this sign-in, and sign-up with external accounts is not open here.');
  },
};

/** A first external sign-in refused because the tenant holds its user limit (`/login?error=user_limit_reached`). */
export const CallbackUserLimit: Story = {
  parameters: { entry: '/login?error=user_limit_reached' },
  beforeEach: setup(threeProviders(false)),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('No new accounts can be created here at the moment. Please contact the administrator.');
  },
};

function translated(language: Language, texts: { google: string; generic: string; error: string }): Story {
  return {
    globals: { locale: language },
    parameters: { entry: '/login?error=account_disabled' },
    beforeEach: setup(threeProviders(false), language),
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      await expect(await canvas.findByRole('button', { name: texts.google })).toBeVisible();
      await expect(canvas.getByRole('button', { name: texts.generic })).toBeVisible();
      await expect(canvas.getByRole('alert')).toHaveTextContent(texts.error);
    },
  };
}

export const French = translated('fr', {
  google: 'Se connecter avec Google',
  generic: 'Se connecter avec Acme SSO',
  error: 'Votre compte est désactivé. Veuillez contacter votre administrateur.',
});

export const Arabic = translated('ar', {
  google: 'تسجيل الدخول باستخدام Google',
  generic: 'تسجيل الدخول باستخدام Acme SSO',
  error: 'حسابك معطّل. يرجى التواصل مع المسؤول.',
});

export const Uzbek = translated('uz', {
  google: 'Google orqali kirish',
  generic: 'Acme SSO orqali kirish',
  error: 'Hisobingiz oʻchirilgan. Iltimos, administratoringizga murojaat qiling.',
});
