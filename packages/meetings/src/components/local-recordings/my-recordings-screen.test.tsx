import { itRendersInEveryLanguage, playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './my-recordings-screen.stories';

const { WithData, PeriodAndSearch, UploadDialog, Empty, LoadError, English, French, Arabic, Uzbek } = composeStories(stories);

describe('MyRecordingsScreen', () => {
  it('lists the member uploads of the last 30 days with the spec columns', async () => {
    await playStory(WithData);
  });

  it('filters by period and searches', async () => {
    await playStory(PeriodAndSearch);
  });

  it('opens the upload dialog, which asks for the file and the details', async () => {
    await playStory(UploadDialog);
  }, 15_000);

  it('says when there is nothing to show', async () => {
    await playStory(Empty);
  });

  it('shows a failed load', async () => {
    await playStory(LoadError);
  });

  itRendersInEveryLanguage({ English, French, Arabic, Uzbek });
});
