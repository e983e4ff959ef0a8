import { playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './tenant-clients-section.stories';

const { Mobile, Desktop, Empty, UpdateFails, ReadOnly, Arabic } = composeStories(stories);

describe('TenantClientsSection', () => {
  it("lists the tenant's mobile apps and switching one on PATCHes its status", async () => {
    await playStory(Mobile);
  });

  it('lists the desktop apps and switches one off', async () => {
    await playStory(Desktop);
  });

  it("says 'There are no clients!' when the tenant has none of that kind", async () => {
    await playStory(Empty);
  });

  it('keeps the switch and shows the error when the change fails', async () => {
    await playStory(UpdateFails);
  });

  it('disables the switches without the update permission', async () => {
    await playStory(ReadOnly);
  });

  it('renders in Arabic, right to left', async () => {
    await playStory(Arabic);
  });
});
