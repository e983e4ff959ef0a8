import { itRendersInEveryLanguage, playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './clients-screen.stories';

const { WithData, Empty, LoadError, Create, EditKeepsCredential, Delete, ReadOnly, English, French, Arabic, Uzbek } = composeStories(stories);

describe('ClientsScreen', () => {
  it('shows every spec column with tenant name and uuid', async () => {
    await playStory(WithData);
  });

  it("says 'There are no clients!' when there are none", async () => {
    await playStory(Empty);
  });

  it('offers a retry after a failed load', async () => {
    await playStory(LoadError);
  });

  it('creates a client with ICE servers, refusing a url that is not an ICE uri', async () => {
    await playStory(Create);
  });

  it('edits a client without ever sending back a stored credential', async () => {
    await playStory(EditKeepsCredential);
  });

  it('asks the spec question before deleting', async () => {
    await playStory(Delete);
  });

  it('hides the write actions without their permissions', async () => {
    await playStory(ReadOnly);
  });

  itRendersInEveryLanguage({ English, French, Arabic, Uzbek });
});
