import { itRendersInEveryLanguage, playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './personal-meeting-screen.stories';
import { suggestMeetingId } from './personal-meeting-screen';

const { View, Edit, Cancel, Create, PlatformRecordModes, LoadError, English, French, Arabic, Uzbek } = composeStories(stories);

describe('PersonalMeetingScreen', () => {
  it('shows the room read-only with Copy Link and Start Meeting', async () => {
    await playStory(View);
  });

  it('edits with the spec checks and the server’s 409', async () => {
    await playStory(Edit);
  });

  it('cancels an edit', async () => {
    await playStory(Cancel);
  });

  it('creates the personal meeting', async () => {
    await playStory(Create);
  });

  it('offers only the record modes the platform enables, keeping the room’s own', async () => {
    await playStory(PlatformRecordModes);
  });

  it('shows a failed load', async () => {
    await playStory(LoadError);
  });

  itRendersInEveryLanguage({ English, French, Arabic, Uzbek });

  it('suggests 10-digit ids that never start with 0', () => {
    expect(suggestMeetingId(() => 0)).toBe('1000000000');
    expect(suggestMeetingId(() => 0.99)).toBe('9999999999');
  });
});
