import { itRendersInEveryLanguage, playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './completed-meetings-screen.stories';

const { WithData, Participants, DateRangeAndExport, HostNameFilters, Actions, NoFeedbackForTenantAdmin, Empty, NoParticipants, LoadError, English, French, Arabic, Uzbek } = composeStories(stories);

describe('CompletedMeetingsScreen', () => {
  it('lists the last 30 days with the spec columns, flags and ratings', async () => {
    await playStory(WithData);
  });

  it('shows a meeting’s participants with their telemetry summary', async () => {
    await playStory(Participants);
  });

  it('filters by period and exports what it shows', async () => {
    await playStory(DateRangeAndExport);
  });

  it('links Create to scheduling and Feedback to the meeting’s feedback', async () => {
    await playStory(Actions);
  });

  it('narrows the list and the export by the host’s name', async () => {
    await playStory(HostNameFilters);
  });

  it('offers Feedback only to the super administrator, whose screen it is', async () => {
    await playStory(NoFeedbackForTenantAdmin);
  });

  it('says when there is nothing to show', async () => {
    await playStory(Empty);
    await playStory(NoParticipants);
  });

  it('shows a failed load', async () => {
    await playStory(LoadError);
  });

  itRendersInEveryLanguage({ English, French, Arabic, Uzbek });
});
