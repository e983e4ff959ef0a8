import { playStory } from '../../testing/play-story';
import { composeStories } from '@storybook/react';
import { describe, it } from 'vitest';
import * as stories from './confirm-dialog.stories';

const { DeleteProduct, DeleteUserWithNewOwner, Deleting } = composeStories(stories);

describe('ConfirmDialog', () => {
  it('confirms, and closes on Escape, with focus on Cancel for destructive actions', () => playStory(DeleteProduct));
  it('shows extra content such as a new-owner select', () => playStory(DeleteUserWithNewOwner));
  it('cannot be dismissed while the action runs', () => playStory(Deleting));
});
