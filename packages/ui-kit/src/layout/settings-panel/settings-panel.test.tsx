import { playStory } from '../../testing/play-story';
import { composeStories } from '@storybook/react';
import { describe, it } from 'vitest';
import * as stories from './settings-panel.stories';

const { ChangeLayoutAndScheme } = composeStories(stories);

describe('SettingsPanel', () => {
  it('sets layout, folding and colour scheme in the layout store', () => playStory(ChangeLayoutAndScheme));
});
