import { playStory } from '../../testing/play-story';
import { composeStories } from '@storybook/react';
import { describe, it } from 'vitest';
import * as stories from './shortcuts-bar.stories';

const { AddAndRemove, Empty } = composeStories(stories);

describe('ShortcutsBar', () => {
  it('shows favourite pages and adds or removes them from the menu', () => playStory(AddAndRemove));
  it('offers the edit menu when there are no shortcuts yet', () => playStory(Empty));
});
