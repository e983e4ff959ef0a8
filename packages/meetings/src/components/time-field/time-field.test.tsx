import { itRendersInEveryLanguage, playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './time-field.stories';

const { TypedOnItsClock, English, French, Arabic, Uzbek } = composeStories(stories);

describe('TimeField', () => {
  it('is typed on the language’s clock and gives the time on 24 hours', async () => {
    await playStory(TypedOnItsClock);
  });

  itRendersInEveryLanguage({ English, French, Arabic, Uzbek });
});
