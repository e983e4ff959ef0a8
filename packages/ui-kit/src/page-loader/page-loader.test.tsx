import { playStory } from '../testing/play-story';
import { composeStories } from '@storybook/react';
import { describe, it } from 'vitest';
import * as stories from './page-loader.stories';

const { Default } = composeStories(stories);

describe('PageLoader', () => {
  it('announces the spec loading state', async () => {
    await playStory(Default);
  });
});
