import { playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './getting-started-page.stories';

const { Steps, SignupClosed } = composeStories(stories);

describe('GettingStartedPage', () => {
  it('lists the steps and leads to sign-up', async () => {
    await playStory(Steps);
  });

  it('offers only Login when sign-up is off', async () => {
    await playStory(SignupClosed);
  });
});
