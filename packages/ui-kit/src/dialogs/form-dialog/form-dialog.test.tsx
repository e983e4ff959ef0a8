import { playStory } from '../../testing/play-story';
import { composeStories } from '@storybook/react';
import { describe, it } from 'vitest';
import * as stories from './form-dialog.stories';

const { AddUser, Saving } = composeStories(stories);

describe('FormDialog', () => {
  it('submits on Enter, traps focus and closes on Escape', () => playStory(AddUser));
  it('ignores a second submit while saving', () => playStory(Saving));
});
