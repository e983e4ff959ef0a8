import { itRendersInEveryLanguage, playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './upload-recording-dialog.stories';

const { UploadsAndResumes, PauseAndResume, Refused, StorageFull, UnknownMeeting, Required, English, French, Arabic, Uzbek } = composeStories(stories);

describe('UploadRecordingDialog', () => {
  it('uploads in chunks with the details and resumes a broken request from the server offset', async () => {
    await playStory(UploadsAndResumes);
  }, 20_000);

  it('pauses and resumes', async () => {
    await playStory(PauseAndResume);
  }, 20_000);

  it('says when the server refuses the content', async () => {
    await playStory(Refused);
  }, 20_000);

  it('says when the plan’s storage has no room for the file, and offers no resume', async () => {
    await playStory(StorageFull);
  }, 20_000);

  it('shows a meeting ID the server knows no meeting by under its field', async () => {
    await playStory(UnknownMeeting);
  }, 20_000);

  it('asks for the details first', async () => {
    await playStory(Required);
  });

  itRendersInEveryLanguage({ English, French, Arabic, Uzbek });
});
