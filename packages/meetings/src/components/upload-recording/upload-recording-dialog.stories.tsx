import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { Language } from '@portal/i18n';
import { createFakeTusServer, type FakeTusOptions, type FakeTusServer, fakeLocalRecordingsApiLoader, languageLoader, withMeetingsProviders } from '../../testing';
import { UploadRecordingDialog } from './upload-recording-dialog';

const tusLoader = (options: FakeTusOptions = {}) => () => ({ tus: createFakeTusServer(options) });
const webm = () => new File([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, ...new Array(4092).fill(7)])], 'call.webm', { type: 'video/webm' });

const meta = {
  title: 'Meetings/UploadRecordingDialog',
  component: UploadRecordingDialog,
  decorators: [withMeetingsProviders],
  args: { opened: true, onClose: fn() },
  loaders: [fakeLocalRecordingsApiLoader(), tusLoader()],
  render: (args, { loaded }) => (
    <UploadRecordingDialog {...args} uploadOptions={{ httpStack: (loaded as { tus: FakeTusServer }).tus, fileReader: (loaded as { tus: FakeTusServer }).tus.fileReader, chunkSize: 1024, retryDelays: [0, 10, 10] }} />
  ),
} satisfies Meta<typeof UploadRecordingDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

async function fillAndUpload(canvasElement: HTMLElement) {
  const body = within(canvasElement.ownerDocument.body);
  const dialog = within(await body.findByRole('dialog', { name: 'Upload a recording' }));
  const input = canvasElement.ownerDocument.body.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('No file input');
  await userEvent.upload(input, webm());
  await userEvent.type(dialog.getByRole('textbox', { name: /^Topic/ }), 'Customer call');
  await userEvent.type(dialog.getByRole('textbox', { name: /^Meeting ID/ }), '98765432100');
  await userEvent.clear(dialog.getByRole('textbox', { name: /^Computer Name/ }));
  await userEvent.type(dialog.getByRole('textbox', { name: /^Computer Name/ }), 'ZOE-LAPTOP');
  await userEvent.click(dialog.getByRole('button', { name: 'Upload' }));
  return dialog;
}

/** The file goes up in chunks with its details; a broken request is retried from the server's offset; done closes the dialog. */
export const UploadsAndResumes: Story = {
  loaders: [fakeLocalRecordingsApiLoader(), tusLoader({ breakPatch: 2 })],
  play: async ({ canvasElement, loaded, args }) => {
    const tus = (loaded as { tus: FakeTusServer }).tus;
    await fillAndUpload(canvasElement);
    await expect(await within(canvasElement.ownerDocument.body).findByText('The recording was uploaded')).toBeInTheDocument();
    await waitFor(() => expect(args.onClose).toHaveBeenCalled());
    await expect(tus.offset).toBe(4096);
    await expect(tus.calls).toContain('HEAD');
    await expect(tus.metadata).toMatchObject({ topic: 'Customer call', meetingId: '98765432100', computerName: 'ZOE-LAPTOP', filename: 'call.webm' });
  },
};

/** Pause stops after the running chunk; Resume continues to the end. */
export const PauseAndResume: Story = {
  loaders: [fakeLocalRecordingsApiLoader(), tusLoader({ delayMs: 150 })],
  play: async ({ canvasElement }) => {
    const dialog = await fillAndUpload(canvasElement);
    await userEvent.click(await dialog.findByRole('button', { name: 'Pause' }));
    await expect(await dialog.findByText(/^Paused at/)).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Resume' }));
    await expect(await within(canvasElement.ownerDocument.body).findByText('The recording was uploaded', undefined, { timeout: 5_000 })).toBeInTheDocument();
  },
};

/** The server refuses what is not a recording by its content; the dialog says so. */
export const Refused: Story = {
  loaders: [fakeLocalRecordingsApiLoader(), tusLoader({ refuse: true })],
  play: async ({ canvasElement }) => {
    const dialog = await fillAndUpload(canvasElement);
    await expect(await dialog.findByRole('alert')).toHaveTextContent('This file is not a recording. Upload a WebM, Matroska, MP4, M4A or Ogg file.');
  },
};

/** The plan's recording storage has no room for the file: the dialog says so, and offers no resume. */
export const StorageFull: Story = {
  loaders: [fakeLocalRecordingsApiLoader(), tusLoader({ storageFull: true })],
  play: async ({ canvasElement, loaded }) => {
    const dialog = await fillAndUpload(canvasElement);
    await expect(await dialog.findByRole('alert')).toHaveTextContent("Your organisation's plan has no recording storage left for this file. Delete recordings, or ask your administrator for more storage.");
    await expect(dialog.queryByRole('button', { name: 'Resume' })).not.toBeInTheDocument();
    await expect((loaded as { tus: FakeTusServer }).tus.calls).toEqual(['POST']);
  },
};

/** A meeting ID that names no meeting of the company is refused under its field, and nothing is resumed. */
export const UnknownMeeting: Story = {
  loaders: [fakeLocalRecordingsApiLoader(), tusLoader({ unknownMeeting: true })],
  play: async ({ canvasElement, loaded }) => {
    const dialog = await fillAndUpload(canvasElement);
    const field = dialog.getByRole('textbox', { name: /^Meeting ID/ });
    await waitFor(() => expect(field).toHaveAccessibleDescription('No meeting has this ID. Check it, or leave it empty.'));
    await expect(dialog.queryByRole('button', { name: 'Resume' })).not.toBeInTheDocument();
    await expect(dialog.getByRole('button', { name: 'Upload' })).toBeInTheDocument();
    await expect((loaded as { tus: FakeTusServer }).tus.calls).toEqual(['POST']);
  },
};

/** The details are required before anything is sent. */
export const Required: Story = {
  play: async ({ canvasElement, loaded }) => {
    const body = within(canvasElement.ownerDocument.body);
    const dialog = within(await body.findByRole('dialog', { name: 'Upload a recording' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Upload' }));
    await expect(await dialog.findByText('Choose a recording file')).toBeInTheDocument();
    await expect(dialog.getByText('Enter the topic')).toBeInTheDocument();
    await expect((loaded as { tus: FakeTusServer }).tus.calls).toEqual([]);
  },
};

const translated = (language: Language, texts: { title: string; upload: string }): Story => ({
  parameters: { language },
  loaders: [fakeLocalRecordingsApiLoader(), tusLoader(), languageLoader(language)],
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const dialog = await body.findByRole('dialog', { name: texts.title });
    await expect(within(dialog).getByRole('button', { name: texts.upload })).toBeInTheDocument();
    await expect(dialog.closest('[dir]')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
  },
});

export const English = translated('en', { title: 'Upload a recording', upload: 'Upload' });
export const French = translated('fr', { title: 'Envoyer un enregistrement', upload: 'Téléverser' });
export const Arabic = translated('ar', { title: 'رفع تسجيل', upload: 'رفع' });
export const Uzbek = translated('uz', { title: 'Yozuvni yuklash', upload: 'Yuklash' });
