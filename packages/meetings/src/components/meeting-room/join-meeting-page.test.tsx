import { itRendersInEveryLanguage, playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './join-meeting-page.stories';

const { GuestWrongPassword, WaitingForHost, Locked, Removed, Full, SignInRequired, MediaUnavailable, SignedIn, NotFound, Encrypted, EncryptedWithoutKey, English, French, Arabic, Uzbek } =
  composeStories(stories);

describe('JoinMeetingPage', () => {
  it('asks a guest for name and password and tells a wrong password', () => playStory(GuestWrongPassword));
  it('waits for the host, asking again by itself', () => playStory(WaitingForHost));
  it('tells a locked meeting', () => playStory(Locked));
  it('tells someone removed and barred from the meeting', () => playStory(Removed));
  it('tells a meeting full by the plan, keeping the form', () => playStory(Full));
  it('offers sign-in for a meeting of signed-in people, coming back here', () => playStory(SignInRequired));
  it('says when no media server is configured', () => playStory(MediaUnavailable));
  it('uses the signed-in name', () => playStory(SignedIn));
  it('tells a link to no meeting', () => playStory(NotFound));
  it('shows an encrypted meeting opened with its key', () => playStory(Encrypted));
  it('asks for the full link when an encrypted meeting is opened without its key', () => playStory(EncryptedWithoutKey));
  itRendersInEveryLanguage({ English, French, Arabic, Uzbek });
});
