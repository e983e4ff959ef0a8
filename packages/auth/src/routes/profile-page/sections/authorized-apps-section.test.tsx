import { playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './authorized-apps-section.stories';

const { Revoke, Empty, LoadFailure } = composeStories(stories);

describe('AuthorizedAppsSection stories', () => {
  it('lists an authorised app in words and revokes it', async () => {
    await playStory(Revoke);
  });

  it('says when no app is authorised', async () => {
    await playStory(Empty);
  });

  it('offers a retry when the list fails', async () => {
    await playStory(LoadFailure);
  });
});
