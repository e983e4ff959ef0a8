import { playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import { render, screen } from '@testing-library/react';
import { AuthTestFrame, fakeCurrentUser, fakeTenantInfo, installFakeApi, json, problem } from '@portal/auth/testing';
import type { FakeRoutes } from '@portal/auth/testing';
import { LandingPage } from './landing-page';
import * as stories from './landing-page.stories';

const { SignedIn, SignedOut, JoinMeeting, CannotSchedule } = composeStories(stories);

function renderLanding(routes: FakeRoutes) {
  installFakeApi(routes);
  render(
    <AuthTestFrame path="/landing-page">
      <LandingPage version="4.4.0" build="20231111" />
    </AuthTestFrame>,
  );
}

describe('LandingPage stories', () => {
  it('offers the quick actions to a signed-in user', async () => {
    await playStory(SignedIn);
  });

  it('offers no scheduling to a role that cannot schedule', async () => {
    await playStory(CannotSchedule);
  });

  it('invites a signed-out visitor to sign in', async () => {
    await playStory(SignedOut);
  });

  it('joins a meeting by its id', async () => {
    await playStory(JoinMeeting);
  });
});

describe('LandingPage', () => {
  it('shows Loading until it knows whether someone is signed in', async () => {
    renderLanding({ getTenantInfo: json(fakeTenantInfo()), getCurrentUser: json(fakeCurrentUser()) });
    expect(screen.getByText('Loading')).toBeVisible();
    expect(await screen.findByRole('link', { name: 'View profile' })).toHaveAttribute('href', '/profile');
    expect(screen.queryByText('Loading')).toBeNull();
  });

  it('greets by first name when the user has no display name', async () => {
    renderLanding({ getTenantInfo: json(fakeTenantInfo()), getCurrentUser: json(fakeCurrentUser({ displayName: '' })) });
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada' })).toBeVisible();
  });

  it('hides Create an account when the tenant closes normal sign-up', async () => {
    renderLanding({
      getTenantInfo: json(fakeTenantInfo({ signup: { normal: false, social: false } })),
      getCurrentUser: problem(401, 'unauthenticated'),
    });
    // The tenant's answer names the brand; by then its sign-up options are known too.
    expect(await screen.findByRole('heading', { name: 'Welcome to Acme Meetings' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('link', { name: 'Create an account' })).toBeNull();
  });

  it('shows the version and build it is given', async () => {
    installFakeApi({ getTenantInfo: json(fakeTenantInfo()), getCurrentUser: problem(401, 'unauthenticated') });
    render(
      <AuthTestFrame path="/landing-page">
        <LandingPage version="5.0.1" build="20240102" />
      </AuthTestFrame>,
    );
    expect(await screen.findByText('Version 5.0.1')).toBeVisible();
    expect(screen.getByText('Build 20240102')).toBeVisible();
  });
});
