import { playStory } from '../../testing/play-story';
import { composeStories } from '@storybook/react';
import { describe, it } from 'vitest';
import * as stories from './password-field.stories';

const { ShowsThePassword } = composeStories(stories);

describe('PasswordField', () => {
  it('names its show/hide button and reveals the password', () => playStory(ShowsThePassword));
});
