import { itRendersInEveryLanguage, playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './past-meetings-screen.stories';

const { WithData, DateRange, Empty, LoadError, English, French, Arabic, Uzbek } = composeStories(stories);

describe('PastMeetingsScreen', () => {
  it('lists the last 30 days with the spec columns', async () => {
    await playStory(WithData);
  });

  it("filters by period and refuses an end before the start: 'Cannot Choose a Pre-Date for End Date'", async () => {
    await playStory(DateRange);
  });

  it("says 'There are no past meetings for this period!'", async () => {
    await playStory(Empty);
  });

  it('shows a failed load', async () => {
    await playStory(LoadError);
  });

  itRendersInEveryLanguage({ English, French, Arabic, Uzbek });
});
