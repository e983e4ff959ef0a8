import { playStory } from '../../testing/play-story';
import { composeStories } from '@storybook/react';
import { describe, it } from 'vitest';
import * as stories from './tags-field.stories';

const { RemovesByKeyboard } = composeStories(stories);

describe('TagsField', () => {
  it('removes a tag by keyboard through its named remove button', () => playStory(RemovesByKeyboard));
});
