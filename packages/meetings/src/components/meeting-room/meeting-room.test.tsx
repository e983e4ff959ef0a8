import { itRendersInEveryLanguage, playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './meeting-room.stories';

const { Joining, RemovedByAdministrator, MutedByAdministrator, MutedOnEntryToldByServer, PlanEndsSoon, TwoParticipants, Host, MutedOnEntry, NoMediaServer, English, French, Arabic, Uzbek } = composeStories(stories);

describe('MeetingRoom', () => {
  it('shows the own tile while connecting', () => playStory(Joining));
  it('says when the plan ends the meeting, from 5 minutes before', () => playStory(PlanEndsSoon));
  it('shows both participants’ tiles and mutes and unmutes the microphone', () => playStory(TwoParticipants));
  it('lets the host end the meeting for everyone', () => playStory(Host));
  it('tells a participant muted on entry and lifts the mute with their grant before the microphone goes on', () => playStory(MutedOnEntry));
  it('says when no media server is configured', () => playStory(NoMediaServer));
  it('tells the page when an administrator put them out', () => playStory(RemovedByAdministrator));
  it('says an administrator muted them, and lifts it with their grant on Unmute', () => playStory(MutedByAdministrator));
  it('keeps a mute on entry told by the media server a mute on entry', () => playStory(MutedOnEntryToldByServer));
  itRendersInEveryLanguage({ English, French, Arabic, Uzbek });
});
