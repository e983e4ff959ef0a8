import { playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './tenant-roles-section.stories';

const { OtherTenant, OwnTenant, Empty, LoadFails, Arabic } = composeStories(stories);

describe('TenantRolesSection', () => {
  it("lists another tenant's roles read only, with status, users and the built-in marker, and no manage link", async () => {
    await playStory(OtherTenant);
  });

  it("links the caller's own tenant to the Roles screen", async () => {
    await playStory(OwnTenant);
  });

  it("says 'There are no roles!' when the tenant has none", async () => {
    await playStory(Empty);
  });

  it('shows the error with a retry when the roles fail to load', async () => {
    await playStory(LoadFails);
  });

  it('renders in Arabic, right to left', async () => {
    await playStory(Arabic);
  });
});
