import { composeStories } from '@storybook/react';
import { describe, it } from 'vitest';
import { playStory } from '../testing/play-story';
import * as stories from './status-badge.stories';

const { Enabled, Disabled } = composeStories(stories);

describe('StatusBadge', () => {
  it.each([
    ['enabled', Enabled],
    ['disabled', Disabled],
  ])('shows %s', async (_status, story) => {
    await playStory(story);
  });
});
