import { playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './tenant-subscriptions-section.stories';

const { Subscriptions, Empty, LoadFails, Uzbek, Arabic, PlatformAssignsPlan } = composeStories(stories);

describe('TenantSubscriptionsSection', () => {
  it('lists the subscriptions with the spec fields and the next invoice in its currency', async () => {
    await playStory(Subscriptions);
  });

  it("says 'There are no subscriptions!' when the tenant has none", async () => {
    await playStory(Empty);
  });

  it('shows the error with a retry when the list fails to load', async () => {
    await playStory(LoadFails);
  });

  it('renders in Uzbek', async () => {
    await playStory(Uzbek);
  });

  it('renders in Arabic, right to left', async () => {
    await playStory(Arabic);
  });

  it('lets the platform super administrator assign a plan, unpublished ones offered and marked', async () => {
    await playStory(PlatformAssignsPlan);
  });
});
