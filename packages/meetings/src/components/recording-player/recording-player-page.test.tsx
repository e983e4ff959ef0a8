import { itRendersInEveryLanguage, playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './recording-player-page.stories';

const { Plays, AsksForThePassword, TooManyAttempts, Expired, Revoked, Locked, NotFound, AddressRefused, NoVideo, LoadError, English, French, Arabic, Uzbek } = composeStories(stories);

describe('RecordingPlayerPage', () => {
  it('plays a link without a password', async () => {
    await playStory(Plays);
  });

  it('asks for the password, says when it is wrong, and plays with the grant', async () => {
    await playStory(AsksForThePassword);
  });

  it('says when there were too many wrong passwords', async () => {
    await playStory(TooManyAttempts);
  });

  it.each([
    ['expired', Expired],
    ['revoked', Revoked],
    ['locked', Locked],
    ['unknown', NotFound],
    ['refused by address', AddressRefused],
  ])('explains a link that is %s', async (_name, story) => {
    await playStory(story);
  });

  it('says when the video is gone', async () => {
    await playStory(NoVideo);
  });

  it('shows a failed load', async () => {
    await playStory(LoadError);
  });

  itRendersInEveryLanguage({ English, French, Arabic, Uzbek });
});
