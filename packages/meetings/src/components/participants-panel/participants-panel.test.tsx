import { itRendersInEveryLanguage, playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './participants-panel.stories';

const { ChooseAndClose, NoParticipants, ByKeyboard, English, French, Arabic, Uzbek } = composeStories(stories);

describe('ParticipantsPanel', () => {
  it('shows the chosen meeting’s participants with the focus on their heading, and closes', async () => {
    await playStory(ChooseAndClose);
  });

  it("says 'There are no participants!'", async () => {
    await playStory(NoParticipants);
  });

  it('works by keyboard', async () => {
    await playStory(ByKeyboard);
  });

  itRendersInEveryLanguage({ English, French, Arabic, Uzbek });
});
