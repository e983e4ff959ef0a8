import { playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { LOCAL_STORAGE_KEYS, useSessionStore } from '../../stores/session-store';
import { AuthTestFrame, fakeTenantInfo, installFakeApi, json, noContent } from '../../testing';
import ResetPasswordPage from './reset-password-page';
import * as stories from './reset-password-page.stories';

const { FromInviteLink, ExpiredLink, UsedLink, ExpiredResetLink } = composeStories(stories);

describe('ResetPasswordPage', () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
    useSessionStore.getState().hydrate();
  });

  it('checks the password rule and the confirmation, then updates with the link token', async () => {
    await playStory(FromInviteLink);
  });

  it('explains an expired link', async () => {
    await playStory(ExpiredLink);
  });

  it('tells a used and an expired reset link apart and offers a new one', async () => {
    await playStory(UsedLink);
    await playStory(ExpiredResetLink);
  });

  it('uses the temporary id of a sign-in that required a new password, then forgets it', async () => {
    window.localStorage.setItem(LOCAL_STORAGE_KEYS.tmpid, 'tmp-0123456789abcdef');
    useSessionStore.getState().hydrate();
    const fakeFetch = installFakeApi({ getTenantInfo: json(fakeTenantInfo()), updatePassword: noContent() });
    render(
      <AuthTestFrame path="/auth/reset-password">
        <ResetPasswordPage />
      </AuthTestFrame>,
    );
    await userEvent.type(await screen.findByLabelText(/New password/), 'Secret123');
    await userEvent.type(screen.getByLabelText(/Retype password/), 'Secret123');
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByTestId('location')).toHaveTextContent('/login');
    expect(fakeFetch.bodies[fakeFetch.calls.indexOf('updatePassword')]).toEqual({ tmpid: 'tmp-0123456789abcdef', password: 'Secret123' });
    expect(window.localStorage.getItem(LOCAL_STORAGE_KEYS.tmpid)).toBeNull();
  });

  it('explains that a visit without a link or temporary id cannot set a password', async () => {
    installFakeApi({ getTenantInfo: json(fakeTenantInfo()) });
    render(
      <AuthTestFrame path="/auth/reset-password">
        <ResetPasswordPage />
      </AuthTestFrame>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is invalid or has expired.');
    expect(screen.queryByLabelText(/New password/)).toBeNull();
  });
});
