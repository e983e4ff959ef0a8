import { itRendersInEveryLanguage, playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './launch-page.stories';

const { SignedIn, NoPersonalMeeting, AppDownloads, SignedOutJoin, English, French, Arabic, Uzbek } = composeStories(stories);

describe('LaunchPage', () => {
  it('offers the personal meeting URL, Start Meeting Now and My Account', async () => {
    await playStory(SignedIn);
  });

  it('offers to create the personal meeting when there is none', async () => {
    await playStory(NoPersonalMeeting);
  });

  it('offers the app downloads the platform saved, in a new tab, and hides an app without a link', async () => {
    await playStory(AppDownloads);
  });

  it('lets a visitor join a meeting by its id', async () => {
    await playStory(SignedOutJoin);
  });

  itRendersInEveryLanguage({ English, French, Arabic, Uzbek });
});
