import { playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './tenant-details-form.stories';

const { PlatformAdminEdit, SubdomainTaken, TenantAdministrator, Arabic } = composeStories(stories);

describe('TenantDetailsForm', () => {
  it("edits the details, refusing an invalid subdomain and an empty name with the spec's texts", async () => {
    await playStory(PlatformAdminEdit);
  });

  it("shows the server's taken-subdomain error under the field", async () => {
    await playStory(SubdomainTaken);
  });

  it('keeps the subdomain and status away from a tenant administrator', async () => {
    await playStory(TenantAdministrator);
  });

  it('renders in Arabic, right to left', async () => {
    await playStory(Arabic);
  });
});
