import { playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './audit-entry-drawer.stories';

const { Update, CreateWithSecret, RightToLeft } = composeStories(stories);

describe('AuditEntryDrawer', () => {
  it('marks only the changed field of an update', async () => {
    await playStory(Update);
  });

  it('shows a creation with its secret masked', async () => {
    await playStory(CreateWithSecret);
  });

  it('renders right to left in Arabic', async () => {
    await playStory(RightToLeft);
  });
});
