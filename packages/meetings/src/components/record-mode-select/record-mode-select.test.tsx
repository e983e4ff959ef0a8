import { itRendersInEveryLanguage, playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './record-mode-select.stories';

const { EnabledModesOnly, KeptModeSwitchedOff, RecordingSwitchedOff, English, French, Arabic, Uzbek } = composeStories(stories);

describe('RecordModeSelect', () => {
  it('offers only the enabled record modes', async () => {
    await playStory(EnabledModesOnly);
  });

  it('still shows a meeting’s own mode switched off since, marked as not recorded', async () => {
    await playStory(KeptModeSwitchedOff);
  });

  it('says when recording is switched off on the platform', async () => {
    await playStory(RecordingSwitchedOff);
  });

  itRendersInEveryLanguage({ English, French, Arabic, Uzbek });
});
