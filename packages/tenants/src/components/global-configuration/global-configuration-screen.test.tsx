import { itRendersInEveryLanguage, playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './global-configuration-screen.stories';

const { Cards, English, French, Arabic, Uzbek } = composeStories(stories);

describe('GlobalConfigurationScreen', () => {
  it('links a card to each configuration screen', async () => {
    await playStory(Cards);
  });

  itRendersInEveryLanguage({ English, French, Arabic, Uzbek });
});
