import { playStory } from '../../testing/play-story';
import { composeStories } from '@storybook/react';
import { describe, it } from 'vitest';
import * as stories from './color-scheme-panel.stories';

const { SwitchToDark } = composeStories(stories);

describe('ColorSchemePanel', () => {
  it('switches the colour scheme and ColorSchemeSync applies it to Mantine', () => playStory(SwitchToDark));
});
