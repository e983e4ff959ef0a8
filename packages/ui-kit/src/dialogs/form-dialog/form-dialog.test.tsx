import { composeStories } from '@storybook/react';
import { describe, it } from 'vitest';
import * as stories from './form-dialog.stories';

const { AddUser, Saving } = composeStories(stories);

describe('FormDialog', () => {
  it('submits on Enter, traps focus and closes on Escape', () => AddUser.run());
  it('ignores a second submit while saving', () => Saving.run());
});
