import { playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './create-password-page.stories';

const { CreatesPassword, ExpiredLink, UsedLink, WithoutToken } = composeStories(stories);

describe('CreatePasswordPage', () => {
  it('checks the rule and the retype, creates the password with the link token and goes to login', async () => {
    await playStory(CreatesPassword);
  });

  it('says an expired link has expired and offers a new one', async () => {
    await playStory(ExpiredLink);
  });

  it('says a used link was used and offers a new one from Forgot password', async () => {
    await playStory(UsedLink);
  });

  it('shows no form without a token', async () => {
    await playStory(WithoutToken);
  });
});
