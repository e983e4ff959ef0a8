import { playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './select-plans-screen.stories';

const { Plans, Empty, LoadFails, French } = composeStories(stories);

describe('SelectPlansScreen', () => {
  it('shows each plan on sale with its prices and a Buy link to the purchase', async () => {
    await playStory(Plans);
  });

  it("says 'There are no plans!' when nothing is on sale", async () => {
    await playStory(Empty);
  });

  it('shows the load error', async () => {
    await playStory(LoadFails);
  });

  it('writes French', async () => {
    await playStory(French);
  });
});
