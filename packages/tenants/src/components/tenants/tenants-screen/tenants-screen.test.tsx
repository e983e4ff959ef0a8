import { playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './tenants-screen.stories';

const { WithData, Search, Empty, LoadError, Create, Delete, TenantAdministrator, English, French, Arabic, Uzbek } = composeStories(stories);

describe('TenantsScreen', () => {
  it('shows the spec columns and links each tenant to its detail', async () => {
    await playStory(WithData);
  });

  it('searches on the server', async () => {
    await playStory(Search);
  });

  it('says there are no tenants when there are none', async () => {
    await playStory(Empty);
  });

  it('offers a retry after a failed load', async () => {
    await playStory(LoadError);
  });

  it("creates a tenant, refusing an invalid subdomain with 'Enter a valid subdomain' and a taken one, then shows the admin's sign-in info", async () => {
    await playStory(Create);
  });

  it('asks before deleting and never offers to delete the platform tenant', async () => {
    await playStory(Delete);
  });

  it('shows a tenant administrator its own tenant only, without create or delete', async () => {
    await playStory(TenantAdministrator);
  });

  it.each([
    ['en', English],
    ['fr', French],
    ['ar', Arabic],
    ['uz', Uzbek],
  ])('renders in %s', async (_language, story) => {
    await playStory(story);
  });
});
