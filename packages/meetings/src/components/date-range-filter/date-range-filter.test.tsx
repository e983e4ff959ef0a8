import { itRendersInEveryLanguage, playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './date-range-filter.stories';

const { LastThirtyDays, EndBeforeStart, OpenPeriod, English, French, Arabic, Uzbek } = composeStories(stories);

describe('DateRangeFilter', () => {
  it('starts on the last 30 days as YYYY-MM-DD days', async () => {
    await playStory(LastThirtyDays);
  });

  it("changes the period and refuses an end before the start: 'Cannot Choose a Pre-Date for End Date'", async () => {
    await playStory(EndBeforeStart);
  });

  it('leaves an open period open until a day is chosen, and clears it', async () => {
    await playStory(OpenPeriod);
  });

  itRendersInEveryLanguage({ English, French, Arabic, Uzbek });
});
