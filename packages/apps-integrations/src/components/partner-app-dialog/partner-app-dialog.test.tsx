import { playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './partner-app-dialog.stories';

const { StepsByKeyboard, AlreadyInstalled, ServerFieldErrors, ConfigureSlack, French } = composeStories(stories);

describe('PartnerAppDialog', () => {
  it('goes through the wizard by keyboard, back and forth, keeping what was typed', async () => {
    await playStory(StepsByKeyboard);
  });

  it('says the app is already installed when the server answers 409', async () => {
    await playStory(AlreadyInstalled);
  });

  it('stays open on a refused save and says to check the fields', async () => {
    await playStory(ServerFieldErrors);
  });

  it("configures an installed app with its own settings only, and closes", async () => {
    await playStory(ConfigureSlack);
  });

  it('speaks French', async () => {
    await playStory(French);
  });
});
