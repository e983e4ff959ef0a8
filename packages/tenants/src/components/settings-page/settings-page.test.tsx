import { playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './settings-page.stories';

const { Loaded, NeverSaved, LoadErrorRetry, ArabicLoadError } = composeStories(stories);

describe('SettingsPage', () => {
  it("hands the section's stored values to its form under the title", async () => {
    await playStory(Loaded);
  });

  it('shows the form of a section never saved', async () => {
    await playStory(NeverSaved);
  });

  it('offers a retry after a failed load that loads the form', async () => {
    await playStory(LoadErrorRetry);
  });

  it('renders the failure in Arabic, right to left', async () => {
    await playStory(ArabicLoadError);
  });
});
