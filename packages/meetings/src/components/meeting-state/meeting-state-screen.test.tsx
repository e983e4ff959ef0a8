import { itRendersInEveryLanguage, playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './meeting-state-screen.stories';

const { Running, PublisherFilter, Validation, NotRunning, Simulated, MediaUnavailable, English, French, Arabic, Uzbek } = composeStories(stories);

describe('MeetingStateScreen', () => {
  it('shows Publishers, Subscribers and Orphans with the spec columns', async () => {
    await playStory(Running);
  });

  it('narrows to a publisher', async () => {
    await playStory(PublisherFilter);
  });

  it("says 'Enter a valid Meeting Id' and 'Meeting Id not found'", async () => {
    await playStory(Validation);
  });

  it('says when the meeting is not running', async () => {
    await playStory(NotRunning);
  });

  it('shows a simulated meeting’s streams as the simulator answers them', async () => {
    await playStory(Simulated);
  });

  it('explains a platform without media server', async () => {
    await playStory(MediaUnavailable);
  });

  itRendersInEveryLanguage({ English, French, Arabic, Uzbek });
});
