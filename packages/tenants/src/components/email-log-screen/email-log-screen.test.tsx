import { playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './email-log-screen.stories';

const { WithData, FilterByStatus, Empty, LoadError } = composeStories(stories);

describe('EmailLogScreen', () => {
  it('shows every column with status and delivery error', async () => {
    await playStory(WithData);
  });

  it('filters by status on the server from the first page', async () => {
    await playStory(FilterByStatus);
  });

  it('shows the empty text', async () => {
    await playStory(Empty);
  });

  it('offers a retry after a failed load', async () => {
    await playStory(LoadError);
  });
});
