import { itRendersInEveryLanguage, playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './share-recording-dialog.stories';

const { CreatesAProtectedLink, ListsAndRevokes, RefusesBadInput, NoLinks, LoadError, English, French, Arabic, Uzbek } = composeStories(stories);

describe('ShareRecordingDialog', () => {
  it('creates a password-protected link with an expiry and copies it', async () => {
    await playStory(CreatesAProtectedLink);
  });

  it('lists the links with their state and revokes an active one', async () => {
    await playStory(ListsAndRevokes);
  });

  it('refuses a short password and a past expiry without sending', async () => {
    await playStory(RefusesBadInput);
  });

  it('says when there are no links', async () => {
    await playStory(NoLinks);
  });

  it('shows a failed load', async () => {
    await playStory(LoadError);
  });

  itRendersInEveryLanguage({ English, French, Arabic, Uzbek });
});
