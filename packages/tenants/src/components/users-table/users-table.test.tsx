import { playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './users-table.stories';

const { Page, Empty, NoResults, LoadError } = composeStories(stories);

describe('UsersTable', () => {
  it('shows email, names, every role and the status, sorting and paging on the server', async () => {
    await playStory(Page);
  });

  it("says 'There are no users!' without users", async () => {
    await playStory(Empty);
  });

  it("says 'No results..' when the search matches nobody", async () => {
    await playStory(NoResults);
  });

  it('shows a failed load with Retry', async () => {
    await playStory(LoadError);
  });
});
