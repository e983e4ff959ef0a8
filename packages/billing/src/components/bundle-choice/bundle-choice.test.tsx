import { itRendersInEveryLanguage, playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './bundle-choice.stories';

const { English, Yearly, NoneOffered, French, Arabic, Uzbek } = composeStories(stories);

describe('BundleChoice', () => {
  it('says a yearly price per licence per year', async () => {
    await playStory(Yearly);
  });

  it('shows nothing when the plan offers no bundle', async () => {
    await playStory(NoneOffered);
  });

  itRendersInEveryLanguage({ English, French, Arabic, Uzbek });
});
