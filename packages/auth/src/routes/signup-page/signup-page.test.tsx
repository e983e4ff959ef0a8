import { playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './signup-page.stories';

const { Open, Closed } = composeStories(stories);

describe('SignupPage', () => {
  it('shows Create Account with the terms and privacy notices', async () => {
    await playStory(Open);
  });

  it('hides Create Account when the tenant turned sign-up off', async () => {
    await playStory(Closed);
  });
});
