import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { Language } from '@portal/i18n';
import { languageLoader, withMeetingsProviders } from '../../testing';
import { fakeRecordingAccessApiLoader, loadedRecordingAccessApi } from '../../testing/fake-recording-access-api';
import { DownloadRecordingDialog } from './download-recording-dialog';

const recording = { id: '00000000-0000-4000-8000-dddd00000004', topic: 'Weekly sync', audio: true, video: true };

const meta = {
  title: 'Meetings/DownloadRecordingDialog',
  component: DownloadRecordingDialog,
  decorators: [withMeetingsProviders],
  args: { recording, opened: true, onClose: fn(), startDownload: fn() },
  loaders: [fakeRecordingAccessApiLoader()],
} satisfies Meta<typeof DownloadRecordingDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

/** Audio Recording or Video Recording: the chosen file is checked, then the browser downloads it. */
export const DownloadsTheAudio: Story = {
  play: async ({ canvasElement, loaded, args }) => {
    const api = loadedRecordingAccessApi(loaded);
    const dialog = within(await body(canvasElement).findByRole('dialog', { name: 'Download Weekly sync' }));
    await expect(dialog.getByRole('radio', { name: 'Video Recording' })).toBeChecked();
    await userEvent.click(dialog.getByRole('radio', { name: 'Audio Recording' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(args.startDownload).toHaveBeenCalledWith(`/api/v1/recordings/${recording.id}/files/audio`));
    const check = api.requestsOf('downloadRecordingFile')[0];
    await expect(check?.path).toBe(`/recordings/${recording.id}/files/audio`);
    await expect(check?.headers.get('range')).toBe('bytes=0-0');
    await expect(args.onClose).toHaveBeenCalled();
  },
};

/** The file is gone: the spec's 'No files available for download', and no download starts. */
export const FileGone: Story = {
  args: { startDownload: fn() },
  loaders: [fakeRecordingAccessApiLoader({ missingFiles: ['video'] })],
  play: async ({ canvasElement, args }) => {
    const dialog = within(await body(canvasElement).findByRole('dialog', { name: 'Download Weekly sync' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Download' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent('No files available for download');
    await expect(args.startDownload).not.toHaveBeenCalled();
  },
};

/** An audio-only recording offers only the audio. */
export const AudioOnly: Story = {
  args: { recording: { ...recording, video: false } },
  play: async ({ canvasElement }) => {
    const dialog = within(await body(canvasElement).findByRole('dialog', { name: 'Download Weekly sync' }));
    await expect(dialog.getByRole('radio', { name: 'Audio Recording' })).toBeChecked();
    await expect(dialog.getByRole('radio', { name: 'Video Recording' })).toBeDisabled();
  },
};

/** A recording without files says so at once. */
export const NoFiles: Story = {
  args: { recording: { ...recording, audio: false, video: false } },
  play: async ({ canvasElement }) => {
    const dialog = within(await body(canvasElement).findByRole('dialog', { name: 'Download Weekly sync' }));
    await expect(dialog.getByText('No files available for download')).toBeInTheDocument();
    await expect(dialog.getByRole('button', { name: 'Download' })).toBeDisabled();
  },
};

type Texts = { title: string; audio: string; video: string; download: string };

const translated = (language: Language, texts: Texts): Story => ({
  parameters: { language },
  loaders: [fakeRecordingAccessApiLoader(), languageLoader(language)],
  play: async ({ canvasElement }) => {
    const dialog = await body(canvasElement).findByRole('dialog', { name: texts.title });
    const inside = within(dialog);
    await expect(inside.getByRole('radio', { name: texts.audio })).toBeInTheDocument();
    await expect(inside.getByRole('radio', { name: texts.video })).toBeChecked();
    await expect(inside.getByRole('button', { name: texts.download })).toBeInTheDocument();
    await expect(dialog.closest('[dir]')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
  },
});

export const English = translated('en', { title: 'Download Weekly sync', audio: 'Audio Recording', video: 'Video Recording', download: 'Download' });
export const French = translated('fr', { title: 'Télécharger Weekly sync', audio: 'Enregistrement audio', video: 'Enregistrement vidéo', download: 'Télécharger' });
export const Arabic = translated('ar', { title: 'تنزيل Weekly sync', audio: 'التسجيل الصوتي', video: 'تسجيل الفيديو', download: 'تنزيل' });
export const Uzbek = translated('uz', { title: 'Yuklab olish: Weekly sync', audio: 'Audio yozuv', video: 'Video yozuv', download: 'Yuklab olish' });
