import { playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useSessionStore } from '../../stores/session-store';
import { AuthTestFrame, installFakeApi } from '../../testing';
import LoginPage from './login-page';
import * as stories from './two-factor-step.stories';
import { TMPID, twoFactorRoutes } from './two-factor-step.fixtures';

const { WithAuthenticatorCode, WithRecoveryCode, BackToPassword, Expired } = composeStories(stories);

function resetSession() {
  window.localStorage.clear();
  window.sessionStorage.clear();
  useSessionStore.getState().hydrate();
}

describe('LoginPage two-factor step stories', () => {
  beforeEach(resetSession);

  it('asks for the code after the password and signs in with it', async () => {
    await playStory(WithAuthenticatorCode);
  });

  it('signs in with a recovery code', async () => {
    await playStory(WithRecoveryCode);
  });

  it('goes back to the password form', async () => {
    await playStory(BackToPassword);
  });

  it('returns to the password when the sign-in has expired', async () => {
    await playStory(Expired);
  });
});

describe('LoginPage two-factor step', () => {
  beforeEach(resetSession);

  it('starts no session before the code and sends the tmpid with it', async () => {
    const fakeFetch = installFakeApi(twoFactorRoutes());
    render(
      <AuthTestFrame path="/login">
        <LoginPage />
      </AuthTestFrame>,
    );
    await userEvent.type(await screen.findByLabelText(/Email/), 'ada@acme.test');
    await userEvent.type(screen.getByLabelText(/Password/), 'Secret123{Enter}');
    await screen.findByLabelText('Authentication code');
    expect(fakeFetch.calls).not.toContain('getSession');
    expect(useSessionStore.getState().loginStatus).not.toBe('loggedIn');
    await userEvent.type(screen.getByLabelText('Authentication code'), '123456{Enter}');
    expect(await screen.findByTestId('location')).toHaveTextContent('/landing-page');
    expect(fakeFetch.bodies[fakeFetch.calls.indexOf('login2FA')]).toEqual({ tmpid: TMPID, code: '123456' });
    expect(useSessionStore.getState().tmpid).toBeNull();
  });

  it('says when a recovery code is not valid or already used', async () => {
    installFakeApi(twoFactorRoutes());
    render(
      <AuthTestFrame path="/login">
        <LoginPage />
      </AuthTestFrame>,
    );
    await userEvent.type(await screen.findByLabelText(/Email/), 'ada@acme.test');
    await userEvent.type(screen.getByLabelText(/Password/), 'Secret123{Enter}');
    await userEvent.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    await userEvent.type(screen.getByLabelText('Recovery code'), 'zzzzz-zzzzz{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('This recovery code is not valid or was already used');
    expect(screen.getByLabelText('Recovery code')).toHaveValue('');
  });
});
