import { playStory } from '../../testing/play-story';
import { composeStories } from '@storybook/react';
import { describe, it } from 'vitest';
import * as stories from './dialog.stories';

const { ClosesByNamedButton, Busy, ReturnsFocusToItsOpener } = composeStories(stories);

describe('Dialog', () => {
  it('has a close button named Close that closes it, as Escape does', () => playStory(ClosesByNamedButton));
  it('cannot be dismissed while busy', () => playStory(Busy));
  it('gives the focus back to its opener when it closes, also when it was mounted open', () => playStory(ReturnsFocusToItsOpener));
});
