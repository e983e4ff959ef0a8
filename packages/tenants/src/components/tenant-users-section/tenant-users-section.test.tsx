import { playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './tenant-users-section.stories';

const { OtherTenant, SortAndSearch, NoResults, OwnTenant, Empty, LoadFails, Arabic } = composeStories(stories);

describe('TenantUsersSection', () => {
  it("lists another tenant's users read only, paged on the server through getTenantUsers", async () => {
    await playStory(OtherTenant);
  });

  it('sorts and searches on the server', async () => {
    await playStory(SortAndSearch);
  });

  it("says 'No results..' when the search matches nobody", async () => {
    await playStory(NoResults);
  });

  it("links the caller's own tenant to the Users screen", async () => {
    await playStory(OwnTenant);
  });

  it("says 'There are no users!' when the tenant has none", async () => {
    await playStory(Empty);
  });

  it('shows the failure with a retry', async () => {
    await playStory(LoadFails);
  });

  it('renders in Arabic, right to left', async () => {
    await playStory(Arabic);
  });
});
