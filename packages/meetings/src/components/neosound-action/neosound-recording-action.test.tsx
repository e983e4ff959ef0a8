import { composeStories } from '@storybook/react-vite';
import { playStory, itRendersInEveryLanguage } from '@portal/ui-kit/testing';
import * as stories from './neosound-recording-action.stories';

const { English, NeosoundDown, NotEnabled, French, Arabic, Uzbek } = composeStories(stories);

describe('NeosoundRecordingAction', () => {
  it('says why when Neosound is down', async () => {
    await playStory(NeosoundDown);
  });

  it('is not offered before Neosound is enabled', async () => {
    await playStory(NotEnabled);
  });

  itRendersInEveryLanguage({ English, French, Arabic, Uzbek });
});
