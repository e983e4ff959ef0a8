import { playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './permission-tree.stories';

const { AreaSelectAll, GlobalSelectAll, WithError } = composeStories(stories);

describe('PermissionTree', () => {
  it('selects a whole area', async () => {
    await playStory(AreaSelectAll);
  });

  it('selects and clears everything', async () => {
    await playStory(GlobalSelectAll);
  });

  it('shows an error under the tree', async () => {
    await playStory(WithError);
  });
});
