import { itRendersInEveryLanguage, playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './download-recording-dialog.stories';

const { DownloadsTheAudio, FileGone, AudioOnly, NoFiles, English, French, Arabic, Uzbek } = composeStories(stories);

describe('DownloadRecordingDialog', () => {
  it('checks the chosen file and hands its address to the browser', async () => {
    await playStory(DownloadsTheAudio);
  });

  it("says 'No files available for download' when the file is gone", async () => {
    await playStory(FileGone);
  });

  it('offers only the audio of an audio-only recording', async () => {
    await playStory(AudioOnly);
  });

  it('says at once when a recording has no files', async () => {
    await playStory(NoFiles);
  });

  itRendersInEveryLanguage({ English, French, Arabic, Uzbek });
});
