import { itRendersInEveryLanguage, playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './local-recordings-screen.stories';

const { EveryTenant, Empty, English, French, Arabic, Uzbek } = composeStories(stories);

describe('LocalRecordingsScreen', () => {
  it('lists every tenant uploads with their tenant, narrowed by company', async () => {
    await playStory(EveryTenant);
  });

  it('says when there is nothing to show', async () => {
    await playStory(Empty);
  });

  itRendersInEveryLanguage({ English, French, Arabic, Uzbek });
});
