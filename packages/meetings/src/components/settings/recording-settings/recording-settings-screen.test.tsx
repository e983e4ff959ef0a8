import { playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import { itRendersInEveryLanguage } from '../../../testing/language-tests';
import * as stories from './recording-settings-screen.stories';

const { Configure, Stored, English, French, Arabic, Uzbek } = composeStories(stories);

describe('RecordingSettingsScreen', () => {
  it('refuses bad days and ranges, then saves modes, auto-delete and the allowed range', async () => {
    await playStory(Configure);
  }, 20_000);

  it('shows stored settings and saves both limits off as null', async () => {
    await playStory(Stored);
  });

  itRendersInEveryLanguage({ English, French, Arabic, Uzbek });
});
