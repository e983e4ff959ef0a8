import { itRendersInEveryLanguage, playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './open-meetings-screen.stories';

const { WithData, Empty, LoadError, Delete, English, French, Arabic, Uzbek } = composeStories(stories);

describe('OpenMeetingsScreen', () => {
  it('lists the open meetings with the upcoming list’s columns and actions', async () => {
    await playStory(WithData);
  });

  it("says 'There are no open meetings!'", async () => {
    await playStory(Empty);
  });

  it('shows a failed load', async () => {
    await playStory(LoadError);
  });

  it('deletes an open meeting after asking', async () => {
    await playStory(Delete);
  });

  itRendersInEveryLanguage({ English, French, Arabic, Uzbek });
});
