import { playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './dashboard-page.stories';

const { SuperAdmin, TenantAdmin } = composeStories(stories);

describe('DashboardPage', () => {
  it('gives the platform super administrator every tenant', async () => {
    await playStory(SuperAdmin);
  });

  it('gives a tenant administrator their tenant', async () => {
    await playStory(TenantAdmin);
  });
});
