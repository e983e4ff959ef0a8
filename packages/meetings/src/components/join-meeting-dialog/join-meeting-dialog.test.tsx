import { playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './join-meeting-dialog.stories';

const { Join } = composeStories(stories);

describe('JoinMeetingDialog', () => {
  it('checks the meeting id and opens the meeting', async () => {
    await playStory(Join);
  });
});
