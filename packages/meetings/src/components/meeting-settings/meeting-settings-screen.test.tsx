import { itRendersInEveryLanguage, playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './meeting-settings-screen.stories';

const { AddAndEdit, DeleteMode, LongName, English, French, Arabic, Uzbek } = composeStories(stories);

describe('MeetingSettingsScreen', () => {
  it('adds a named mode, refuses a duplicate name and saves every toggle', async () => {
    await playStory(AddAndEdit);
  }, 20_000);

  it('deletes a mode and shows the empty text', async () => {
    await playStory(DeleteMode);
  });

  it('refuses a name over 50 characters', async () => {
    await playStory(LongName);
  });

  itRendersInEveryLanguage({ English, French, Arabic, Uzbek });
});
