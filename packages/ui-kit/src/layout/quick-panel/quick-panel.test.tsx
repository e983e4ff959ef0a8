import { playStory } from '../../testing/play-story';
import { composeStories } from '@storybook/react';
import { describe, it } from 'vitest';
import * as stories from './quick-panel.stories';

const { WithSections, Empty, Loading } = composeStories(stories);

describe('QuickPanel', () => {
  it('lists the sections with entries and closes on Escape', () => playStory(WithSections));
  it('has an empty state', () => playStory(Empty));
  it('shows a loader while the data loads', () => playStory(Loading));
});
