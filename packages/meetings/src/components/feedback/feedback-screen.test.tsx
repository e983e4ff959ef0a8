import { itRendersInEveryLanguage, playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './feedback-screen.stories';

const { WithData, IssuesAndDetail, OneMeeting, Empty, LoadError, English, French, Arabic, Uzbek } = composeStories(stories);

describe('FeedbackScreen', () => {
  it('lists ratings with the spec columns, the meeting cards and how flagged meetings were rated', async () => {
    await playStory(WithData);
  });

  it("opens the issues breakdown ('No issues') and the participant detail", async () => {
    await playStory(IssuesAndDetail);
  });

  it('narrows to one meeting', async () => {
    await playStory(OneMeeting);
  });

  it("says 'There are no feedbacks!'", async () => {
    await playStory(Empty);
  });

  it('shows a failed load', async () => {
    await playStory(LoadError);
  });

  itRendersInEveryLanguage({ English, French, Arabic, Uzbek });
});
