import { playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './unassigned-roles-dialog.stories';

const { DeleteSelected, BuiltInNotDeletable, NoneUnassigned } = composeStories(stories);

describe('UnassignedRolesDialog', () => {
  it('deletes selected unassigned roles after confirming', async () => {
    await playStory(DeleteSelected);
  });

  it('never deletes a built-in role', async () => {
    await playStory(BuiltInNotDeletable);
  });

  it('says when every role is held', async () => {
    await playStory(NoneUnassigned);
  });
});
