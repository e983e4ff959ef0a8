import { playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import { render, screen } from '@testing-library/react';
import { activateLanguage } from '@portal/i18n';
import { AuthTestFrame, installFakeApi, json } from '../../testing';
import { ProviderButtons, ProviderSignInError } from './provider-buttons';
import * as stories from './provider-buttons.stories';

const { LoginButtons, NoProviders, SignupButtons, SignupClosed, ProviderUnavailable, CallbackError, CallbackUserLimit, French, Arabic, Uzbek } = composeStories(stories);

describe('ProviderButtons stories', () => {
  afterEach(async () => {
    await activateLanguage('en');
  });

  it('starts the sign-in at the chosen provider and leaves for its authorization URL', async () => {
    await playStory(LoginButtons);
  });

  it('renders nothing without providers', async () => {
    await playStory(NoProviders);
  });

  it('offers sign-up buttons while social sign-up is open, and none when it is closed', async () => {
    await playStory(SignupButtons);
    await playStory(SignupClosed);
  });

  it('explains a provider that cannot be reached', async () => {
    await playStory(ProviderUnavailable);
  });

  it('explains why the callback refused the sign-in', async () => {
    await playStory(CallbackError);
  });

  it('explains a first sign-in refused because the tenant holds its user limit', async () => {
    await playStory(CallbackUserLimit);
  });

  it.each([
    ['French', French],
    ['Arabic', Arabic],
    ['Uzbek', Uzbek],
  ])('speaks %s', async (_name, Story) => {
    await playStory(Story);
  });
});

describe('ProviderSignInError', () => {
  it('shows a generic failure for a code it does not know, and nothing without one', async () => {
    installFakeApi({ authProviderConfigs: json({ providers: [], signupSocial: false }) });
    const { unmount } = render(
      <AuthTestFrame path="/login" initialEntry="/login?error=something_new">
        <ProviderSignInError />
      </AuthTestFrame>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(/./);
    unmount();
    render(
      <AuthTestFrame path="/login">
        <ProviderSignInError />
        <ProviderButtons intent="login" onNavigate={() => {}} />
      </AuthTestFrame>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
