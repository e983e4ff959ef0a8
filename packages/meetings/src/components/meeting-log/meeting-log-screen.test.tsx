import { itRendersInEveryLanguage, playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './meeting-log-screen.stories';

const { Timeline, WithStatistics, NeverRan, Empty, LinkedRun, UnknownRun, English, French, Arabic, Uzbek } = composeStories(stories);

describe('MeetingLogScreen', () => {
  it('tells the latest run in words, statistics hidden and counted', async () => {
    await playStory(Timeline);
  });

  it('shows statistics samples on request', async () => {
    await playStory(WithStatistics);
  });

  it("says when a meeting never ran, and 'Meeting Id not found'", async () => {
    await playStory(NeverRan);
  });

  it('says when a run has no events', async () => {
    await playStory(Empty);
  });

  it('opens the run a link names', async () => {
    await playStory(LinkedRun);
  });

  it('says when a linked run is not one of the meeting, and shows the latest on request', async () => {
    await playStory(UnknownRun);
  });

  itRendersInEveryLanguage({ English, French, Arabic, Uzbek });
});
