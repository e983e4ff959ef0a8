import { itRendersInEveryLanguage, playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './recording-settings-screen.stories';

const { Configure, Stored, RetentionDryRun, English, French, Arabic, Uzbek } = composeStories(stories);

describe('RecordingSettingsScreen', () => {
  it('refuses bad days and ranges, then saves modes, auto-delete and the allowed range', async () => {
    await playStory(Configure);
  }, 20_000);

  it('shows stored settings and saves both limits off as null', async () => {
    await playStory(Stored);
  });

  it('shows what a retention period would delete before it is saved', async () => {
    await playStory(RetentionDryRun);
  });

  itRendersInEveryLanguage({ English, French, Arabic, Uzbek });
});
