import { itRendersInEveryLanguage, playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './dev-clients-screen.stories';

const { WithData, Empty, CreateShowsSecretOnce, EditDisable, Delete, English, French, Arabic, Uzbek } = composeStories(stories);

describe('DevClientsScreen', () => {
  it('shows Name and Client ID', async () => {
    await playStory(WithData);
  });

  it("says 'There are no clients!' when there are none", async () => {
    await playStory(Empty);
  });

  it('validates URIs and origins, then shows the new secret once with copy buttons', async () => {
    await playStory(CreateShowsSecretOnce);
  });

  it('sends a disabled status and shows no secret on a plain edit', async () => {
    await playStory(EditDisable);
  });

  it('asks the spec question before deleting', async () => {
    await playStory(Delete);
  });

  itRendersInEveryLanguage({ English, French, Arabic, Uzbek });
});
