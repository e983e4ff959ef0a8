import { playStory } from '../testing/play-story';
import { composeStories } from '@storybook/react';
import { describe, it } from 'vitest';
import * as stories from './splash.stories';

const { FirstLoad, WithCachedLogo } = composeStories(stories);

describe('Splash', () => {
  it('is a busy full-screen status until tenant info loads', () => playStory(FirstLoad));
  it('can show a cached logo without announcing it', () => playStory(WithCachedLogo));
});
