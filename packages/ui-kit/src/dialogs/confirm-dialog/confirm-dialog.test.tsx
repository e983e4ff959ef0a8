import { composeStories } from '@storybook/react';
import { describe, it } from 'vitest';
import * as stories from './confirm-dialog.stories';

const { DeleteProduct, DeleteUserWithNewOwner, Deleting } = composeStories(stories);

describe('ConfirmDialog', () => {
  it('confirms, and closes on Escape, with focus on Cancel for destructive actions', () => DeleteProduct.run());
  it('shows extra content such as a new-owner select', () => DeleteUserWithNewOwner.run());
  it('cannot be dismissed while the action runs', () => Deleting.run());
});
