import { itRendersInEveryLanguage, playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './live-meetings-screen.stories';

const { WithData, Participants, LiveUpdate, PollingFallback, StreamLost, Empty, NoParticipants, LoadError, EndForEveryone, EndCancelled, EndFrench, EndArabic, EndUzbek, RemoveParticipant, RemoveGuestCancelled, RemoveFrench, RemoveArabic, RemoveUzbek, LockAndOpen, LockFrench, LockArabic, LockUzbek, MuteParticipant, English, French, Arabic, Uzbek } =
  composeStories(stories);

describe('LiveMeetingsScreen', () => {
  it('lists the running meetings with the spec columns', async () => {
    await playStory(WithData);
  });

  it('shows the chosen meeting’s participants with their pods, codecs, statistics and quality flag', async () => {
    await playStory(Participants);
  });

  it('updates in place when the server pushes a change', async () => {
    await playStory(LiveUpdate);
  });

  it('polls without EventSource', async () => {
    await playStory(PollingFallback);
  }, 15_000);

  it('falls back to polling when the stream breaks', async () => {
    await playStory(StreamLost);
  });

  it("says 'There are no live meetings!' and 'There are no participants!'", async () => {
    await playStory(Empty);
    await playStory(NoParticipants);
  });

  it('shows a failed load', async () => {
    await playStory(LoadError);
  });

  it('lets an administrator end a meeting for everyone, after asking; Cancel ends nothing', async () => {
    await playStory(EndForEveryone);
    await playStory(EndCancelled);
  });

  it.each([
    ['French', EndFrench],
    ['Arabic', EndArabic],
    ['Uzbek', EndUzbek],
  ])('offers End in %s', async (_language, story) => {
    await playStory(story);
  });

  it('lets an administrator remove someone and bar them; barring a guest says what it cannot do', async () => {
    await playStory(RemoveParticipant);
    await playStory(RemoveGuestCancelled);
  });

  it.each([
    ['French', RemoveFrench],
    ['Arabic', RemoveArabic],
    ['Uzbek', RemoveUzbek],
  ])('offers Remove in %s', async (_language, story) => {
    await playStory(story);
  });

  it('lets an administrator lock a meeting and open it again', () => playStory(LockAndOpen));
  it('lets an administrator mute someone and stop their video', () => playStory(MuteParticipant));

  it.each([
    ['French', LockFrench],
    ['Arabic', LockArabic],
    ['Uzbek', LockUzbek],
  ])('offers Lock in %s', async (_language, story) => {
    await playStory(story);
  });

  itRendersInEveryLanguage({ English, French, Arabic, Uzbek });
});
