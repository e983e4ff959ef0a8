import { playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './tenant-picker.stories';

const { OwnTenantFirst, SearchAndChoose, Chosen, French } = composeStories(stories);

describe('TenantPicker', () => {
  it('starts on the caller’s own tenant and lists the tenants', async () => {
    await playStory(OwnTenantFirst);
  });

  it('searches on the server and hands over the chosen tenant’s id', async () => {
    await playStory(SearchAndChoose);
  });

  it('shows a chosen tenant by name', async () => {
    await playStory(Chosen);
  });

  it('speaks French', async () => {
    await playStory(French);
  });
});
