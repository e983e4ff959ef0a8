import { playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import { act, render, screen, within } from '@testing-library/react';
import { notify } from '@portal/ui-kit';
import { userEvent } from '@testing-library/user-event';
import { useFormatStore, useLanguageStore } from '@portal/i18n';
import { LOCAL_STORAGE_KEYS, SESSION_STORAGE_KEYS, useSessionStore } from '../../stores/session-store';
import { AuthTestFrame, fakeCurrentUser, fakePermissionTree, fakeTenantInfo, installFakeApi, json, problem } from '../../testing';
import type { FakeRoutes } from '../../testing';
import LoginPage from './login-page';
import * as stories from './login-page.stories';

const { Default, WithSocialLogin, WrongPassword, TooManyAttempts, UnderMaintenance, NoMaintenanceNotice, SignsIn } = composeStories(stories);

const loginAnswer = {
  firstname: 'Ada',
  lastname: 'Lovelace',
  profile_picture: null,
  email: 'ada@acme.test',
  change_password: false,
  tmpid: null,
  csrfToken: 'csrf',
};

const routes: FakeRoutes = {
  getTenantInfo: json(fakeTenantInfo()),
  loginUser: json(loginAnswer),
  getCurrentUser: json(fakeCurrentUser()),
  getUserPermissions: json(fakePermissionTree()),
};

function resetSession() {
  window.localStorage.clear();
  window.sessionStorage.clear();
  useSessionStore.getState().hydrate();
}

/** The pages of the flows sign-in continues, as the portal hands them to the login page (authRoutes). */
const flowPaths = { slack: '/slack-authorization' };

async function signIn(initialEntry: string, overrides: FakeRoutes = {}) {
  const fakeFetch = installFakeApi({ ...routes, ...overrides });
  render(
    <AuthTestFrame path="/login" initialEntry={initialEntry}>
      <LoginPage flowPaths={flowPaths} />
    </AuthTestFrame>,
  );
  await userEvent.type(await screen.findByLabelText(/Email/), ' ada@acme.test ');
  await userEvent.type(screen.getByLabelText(/Password/), 'Secret123');
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
  return fakeFetch;
}

describe('LoginPage stories', () => {
  beforeEach(resetSession);

  it('validates the email and requires a password before calling the server', async () => {
    await playStory(Default);
  });

  it('shows the buttons of the providers the tenant configured', async () => {
    await playStory(WithSocialLogin);
  });

  it('says Incorrect Email or Password in the form and as a snackbar', async () => {
    await playStory(WrongPassword);
  });

  it('explains a lockout after too many attempts', async () => {
    await playStory(TooManyAttempts);
  });

  it('shows the maintenance notice with the support address, and says the same when sign-in is refused', async () => {
    await playStory(UnderMaintenance);
  });

  it('shows no maintenance notice while the portal is open', async () => {
    await playStory(NoMaintenanceNotice);
  });

  it('lands on the landing page after signing in', async () => {
    await playStory(SignsIn);
  });
});

describe('LoginPage', () => {
  beforeEach(resetSession);

  it('does not call the server when the form is invalid', async () => {
    const fakeFetch = installFakeApi(routes);
    render(
      <AuthTestFrame path="/login">
        <LoginPage />
      </AuthTestFrame>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Please enter a valid email')).toBeVisible();
    expect(fakeFetch.calls).not.toContain('loginUser');
  });

  it('returns to the page the visitor asked for, and records the sign-in', async () => {
    const fakeFetch = await signIn('/login?redirect=%2Fuser%3Fq%3Dada');
    expect(await screen.findByTestId('location')).toHaveTextContent('/user?q=ada');
    expect(fakeFetch.bodies[fakeFetch.calls.indexOf('loginUser')]).toEqual({ email: 'ada@acme.test', password: 'Secret123' });
    expect(fakeFetch.calls).toContain('getUserPermissions');
    expect(window.localStorage.getItem(LOCAL_STORAGE_KEYS.loginStatus)).toBe('loggedIn');
    expect(window.localStorage.getItem(LOCAL_STORAGE_KEYS.provider)).toBe('normalLogin');
    expect(JSON.parse(window.sessionStorage.getItem(SESSION_STORAGE_KEYS.userInfo) ?? 'null')).toMatchObject({ firstname: 'Ada', email: 'ada@acme.test' });
  });

  it('speaks the language the user saved on another device as soon as they are signed in, on a public landing page too', async () => {
    useLanguageStore.getState().setLanguage('en');
    await signIn('/login', { getCurrentUser: json(fakeCurrentUser({ id: '00000000-0000-4000-8000-0000000000a7', language: 'fr', timeZone: 'Europe/Paris' })) });
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/landing-page$/);
    expect(useLanguageStore.getState().language).toBe('fr');
    expect(useFormatStore.getState().timeZone).toBe('Europe/Paris');
    useLanguageStore.getState().setLanguage('en');
    useFormatStore.getState().setFormats({});
  });

  it('says an account is disabled when the server says so, and stays on the login page', async () => {
    await signIn('/login', { loginUser: problem(403, 'account_disabled') });
    const form = screen.getByRole('form', { name: 'Login' });
    expect(await within(form).findByRole('alert')).toHaveTextContent('This account is disabled. Please contact your administrator.');
    expect(useSessionStore.getState().loginStatus).not.toBe('loggedIn');
    // Its snackbar says the same; gone before the next test looks for an alert.
    act(() => notify.clean());
  });

  it('ignores a redirect to another site', async () => {
    await signIn('/login?redirect=https%3A%2F%2Fevil.example%2F');
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/landing-page$/);
  });

  it('continues the Slack consent when the Slack flag is set', async () => {
    window.sessionStorage.setItem(SESSION_STORAGE_KEYS.slack, 'enabled');
    useSessionStore.getState().hydrate();
    await signIn('/login?redirect=%2Fuser');
    expect(await screen.findByTestId('location')).toHaveTextContent('/slack-authorization');
  });

  it('sends an account that must change its password to reset-password with the temporary id', async () => {
    const fakeFetch = await signIn('/login', {
      loginUser: json({ ...loginAnswer, change_password: true, tmpid: 'tmp-0123456789abcdef', csrfToken: null }),
    });
    expect(await screen.findByTestId('location')).toHaveTextContent('/auth/reset-password');
    expect(window.localStorage.getItem(LOCAL_STORAGE_KEYS.tmpid)).toBe('tmp-0123456789abcdef');
    expect(window.localStorage.getItem(LOCAL_STORAGE_KEYS.loginStatus)).toBeNull();
    expect(fakeFetch.calls).not.toContain('getUserPermissions');
  });

  it('asks for the code when an external sign-in arrives with a two-factor temporary id', async () => {
    const fakeFetch = installFakeApi({ ...routes, login2FA: json({ ...loginAnswer, two_factor: false }) });
    render(
      <AuthTestFrame path="/login" initialEntry="/login?redirect=%2Fportal%2Fuser#two-factor=tmp-0123456789abcdef">
        <LoginPage />
      </AuthTestFrame>,
    );
    const step = await screen.findByRole('form', { name: 'Two-factor authentication' });
    await userEvent.type(within(step).getByLabelText(/Authentication code/), '123456');
    await userEvent.click(within(step).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/user');
    expect(fakeFetch.bodies[fakeFetch.calls.indexOf('login2FA')]).toMatchObject({ tmpid: 'tmp-0123456789abcdef', code: '123456' });
  });

  it('says why it came here when a signed-in account could not open a page, with a way home', async () => {
    installFakeApi(routes);
    render(
      <AuthTestFrame path="/login" initialEntry="/login?denied=1">
        <LoginPage />
      </AuthTestFrame>,
    );
    expect(await screen.findByText(/Your account cannot open that page/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'go to the home page' })).toHaveAttribute('href', '/landing-page');
  });

  it('explains an external sign-in that came back closed for maintenance', async () => {
    installFakeApi(routes);
    render(
      <AuthTestFrame path="/login" initialEntry="/login?error=maintenance">
        <LoginPage />
      </AuthTestFrame>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('The portal is down for maintenance. Please try again later.');
  });

  it('says Login failed when the server cannot be reached', async () => {
    await signIn('/login', { loginUser: () => Promise.reject(new TypeError('Failed to fetch')) });
    const form = screen.getByRole('form', { name: 'Login' });
    expect(await within(form).findByRole('alert')).toHaveTextContent('Login failed, try again');
  });
});
