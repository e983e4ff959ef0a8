import { playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './status-badge.stories';

const { Enabled, Disabled, French } = composeStories(stories);

describe('StatusBadge', () => {
  it.each([
    ['enabled', Enabled],
    ['disabled', Disabled],
    ['enabled, in French', French],
  ])('shows %s', async (_status, story) => {
    await playStory(story);
  });
});
