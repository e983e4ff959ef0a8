import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { Language } from '@portal/i18n';
import { languageLoader, withMeetingsProviders } from '../../testing';
import {
  FAKE_SHARE_PASSWORD,
  FAKE_SHARE_TOKEN,
  fakeRecordingAccessApiLoader,
  fakeSharedRecording,
  loadedRecordingAccessApi,
  type FakeRecordingAccessOptions,
} from '../../testing/fake-recording-access-api';
import { RecordingPlayerPage } from './recording-player-page';

const meta = {
  title: 'Meetings/RecordingPlayerPage',
  component: RecordingPlayerPage,
  decorators: [withMeetingsProviders],
  parameters: { route: '/recording/:token', entry: `/recording/${FAKE_SHARE_TOKEN}` },
  loaders: [fakeRecordingAccessApiLoader()],
} satisfies Meta<typeof RecordingPlayerPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const videoOf = (canvasElement: HTMLElement) => canvasElement.querySelector('video');

/** A link without a password plays at once, the video fed by the link's range-capable address. */
export const Plays: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Weekly sync', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(videoOf(canvasElement)).not.toBeNull());
    await expect(videoOf(canvasElement)?.getAttribute('src')).toBe(`/api/v1/shared-recordings/${FAKE_SHARE_TOKEN}/video`);
    await expect(videoOf(canvasElement)).toHaveAccessibleName('Recording of Weekly sync');
  },
};

const locked: FakeRecordingAccessOptions = { shared: fakeSharedRecording({ passwordRequired: true }), maxWrongPasswords: 2 };

/** A password-protected link: a wrong password is said under the field, the right one plays with its grant. */
export const AsksForThePassword: Story = {
  loaders: [fakeRecordingAccessApiLoader(locked)],
  play: async ({ canvasElement, loaded }) => {
    const api = loadedRecordingAccessApi(loaded);
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('This recording is protected by a password.')).toBeInTheDocument();
    await expect(videoOf(canvasElement)).toBeNull();
    const password = canvas.getByLabelText(/^Password/, { selector: 'input' });
    await userEvent.type(password, 'wrong');
    await userEvent.click(canvas.getByRole('button', { name: 'Watch' }));
    await expect(await canvas.findByText('The password is not correct.')).toBeInTheDocument();
    await userEvent.clear(password);
    await userEvent.type(password, FAKE_SHARE_PASSWORD);
    await userEvent.click(canvas.getByRole('button', { name: 'Watch' }));
    await waitFor(() => expect(videoOf(canvasElement)?.getAttribute('src')).toBe(`/api/v1/shared-recordings/${FAKE_SHARE_TOKEN}/video?grant=fake-grant`));
    await expect(api.requestsOf('unlockSharedRecording')).toHaveLength(2);
  },
};

/** Too many wrong passwords from this visitor: the throttle's message. */
export const TooManyAttempts: Story = {
  loaders: [fakeRecordingAccessApiLoader(locked)],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const password = await canvas.findByLabelText(/^Password/, { selector: 'input' });
    for (let i = 0; i < 3; i++) {
      await userEvent.clear(password);
      await userEvent.type(password, `wrong-${i}`);
      await userEvent.click(canvas.getByRole('button', { name: 'Watch' }));
      await waitFor(() => expect(canvas.getByRole('button', { name: 'Watch' })).toBeEnabled());
    }
    await expect(await canvas.findByText('Too many attempts. Please wait a few minutes and try again.')).toBeInTheDocument();
  },
};

const gone = (shared: FakeRecordingAccessOptions['shared'], text: string): Story => ({
  loaders: [fakeRecordingAccessApiLoader({ shared })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(text);
    await expect(videoOf(canvasElement)).toBeNull();
  },
});

export const Expired = gone('share_expired', 'This recording link has expired.');
export const Revoked = gone('share_revoked', 'This recording link was revoked by its owner.');
export const Locked = gone('share_locked', 'This recording link was locked after too many wrong passwords. Ask its owner for a new link.');
export const NotFound = gone('share_not_found', 'This recording link does not exist. Check the link you were given.');
export const AddressRefused = gone('recording_address_refused', 'Recordings are only available from the authorised network address.');

/** The video file is gone: the spec's text instead of a player. */
export const NoVideo: Story = {
  loaders: [fakeRecordingAccessApiLoader({ shared: fakeSharedRecording({ hasVideo: false }) })],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No files available for download')).toBeInTheDocument();
  },
};

/** The link cannot be read (a failure): the failure and a retry. */
export const LoadError: Story = {
  loaders: [fakeRecordingAccessApiLoader({ failing: ['getSharedRecording'] })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Failed, Try Again..!!')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  },
};

const translated = (language: Language, texts: { protectedText: string; watch: string; expired: string }): Story => ({
  parameters: { language },
  loaders: [fakeRecordingAccessApiLoader(locked), languageLoader(language)],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const intro = await canvas.findByText(texts.protectedText);
    await expect(canvas.getByRole('button', { name: texts.watch })).toBeInTheDocument();
    await expect(intro.closest('[dir]')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
  },
});

export const English = translated('en', { protectedText: 'This recording is protected by a password.', watch: 'Watch', expired: 'This recording link has expired.' });
export const French = translated('fr', { protectedText: 'Cet enregistrement est protégé par un mot de passe.', watch: 'Regarder', expired: 'Ce lien d’enregistrement a expiré.' });
export const Arabic = translated('ar', { protectedText: 'هذا التسجيل محمي بكلمة مرور.', watch: 'مشاهدة', expired: 'انتهت صلاحية رابط التسجيل هذا.' });
export const Uzbek = translated('uz', { protectedText: 'Bu yozuv parol bilan himoyalangan.', watch: 'Koʻrish', expired: 'Bu yozuv havolasining muddati tugagan.' });
