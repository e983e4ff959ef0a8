import { playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { SESSION_STORAGE_KEYS, useSessionStore } from '@portal/auth';
import { AuthTestFrame, fakeCurrentUser, fakeTenantInfo, installFakeApi, json, problem } from '@portal/auth/testing';
import type { FakeReply } from '@portal/auth/testing';
import { AppAuthorizationGate } from './app-authorization-gate';
import * as stories from './app-authorization-gate.stories';

const { SlackSignedOut, GoogleAddOnSignedOut, SignedIn, ServerFailure } = composeStories(stories);

beforeEach(() => {
  window.sessionStorage.clear();
  useSessionStore.getState().hydrate();
});

describe('AppAuthorizationGate stories', () => {
  it('keeps a signed-out Slack request and its flag, then goes to login', async () => {
    await playStory(SlackSignedOut);
  });

  it('keeps only the state of a signed-out Google add-on request', async () => {
    await playStory(GoogleAddOnSignedOut);
  });

  it('shows the missing page to a signed-in user and clears the flag', async () => {
    await playStory(SignedIn);
  });

  it('offers a retry when the server cannot say who is signed in', async () => {
    await playStory(ServerFailure);
  });
});

describe('AppAuthorizationGate', () => {
  it('decides once the retry answers', async () => {
    let me: FakeReply = problem(503, 'unavailable');
    installFakeApi({ getTenantInfo: json(fakeTenantInfo()), getCurrentUser: () => me });
    render(
      <AuthTestFrame path="/slack-authorization" initialEntry="/slack-authorization?state=st-1">
        <AppAuthorizationGate app="slack" />
      </AuthTestFrame>,
    );
    const retry = await screen.findByRole('button', { name: 'Try again' });
    me = json(fakeCurrentUser());
    await userEvent.click(retry);
    expect(await screen.findByText('Oops. This page has gone missing.')).toBeVisible();
  });

  it('keeps the Google add-on flag of a signed-in user untouched by a Slack visit', async () => {
    useSessionStore.getState().setFlag('googleAddOn', true);
    useSessionStore.getState().setFlag('slack', true);
    installFakeApi({ getTenantInfo: json(fakeTenantInfo()), getCurrentUser: json(fakeCurrentUser()) });
    render(
      <AuthTestFrame path="/slack-authorization">
        <AppAuthorizationGate app="slack" />
      </AuthTestFrame>,
    );
    expect(await screen.findByText('Oops. This page has gone missing.')).toBeVisible();
    expect(useSessionStore.getState().flags).toEqual({ slack: false, googleAddOn: true, billing: false });
    expect(window.sessionStorage.getItem(SESSION_STORAGE_KEYS.googleAddOn)).toBe('enabled');
  });
});
