import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { createFakeFetch, fakeCurrentUser, fakeTenantInfo, json, problem } from '@portal/auth/testing';
import type { FakeRoutes } from '@portal/auth/testing';
import type { Language } from '@portal/i18n';
import { FAKE_ROOM_CODE, FAKE_ROOM_PASSWORD, fakeJoinInfo, fakeRoomApiLoader, languageLoader, withMeetingsProviders } from '../../testing';
import type { FakeRoom, FakeRoomOptions } from '../../testing';
import { JoinMeetingPage } from './join-meeting-page';

const signedIn: FakeRoutes = { getTenantInfo: json(fakeTenantInfo()), getCurrentUser: json(fakeCurrentUser()) };
const signedOut: FakeRoutes = { getTenantInfo: json(fakeTenantInfo()), getCurrentUser: problem(401, 'unauthenticated') };

/** The meetings fake with the room's operations, signed out unless told. */
function roomLoader(options: FakeRoomOptions = {}, routes: FakeRoutes = signedOut) {
  return fakeRoomApiLoader({ ...options, other: createFakeFetch(routes) });
}
const joinsOf = (loaded: Record<string, unknown>) => (loaded.room as FakeRoom).joins;

const meta = {
  title: 'Meetings/JoinMeetingPage',
  component: JoinMeetingPage,
  decorators: [withMeetingsProviders],
  args: { retryMs: 50 },
  parameters: { route: '/join/:code', entry: `/join/${FAKE_ROOM_CODE}`, layout: 'fullscreen' },
  loaders: [roomLoader()],
} satisfies Meta<typeof JoinMeetingPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const joinButton = (canvas: ReturnType<typeof within>) => canvas.getByRole('button', { name: 'Join meeting' });

/** A guest by link: the topic and host, name and password; a wrong password is told at the field. */
export const GuestWrongPassword: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Design review' })).toBeInTheDocument();
    await expect(canvas.getByText('Host: Ada Lovelace')).toBeInTheDocument();
    await userEvent.click(joinButton(canvas));
    await expect(await canvas.findByText('Enter your name.')).toBeInTheDocument();
    await userEvent.type(canvas.getByRole('textbox', { name: /^Your name/ }), 'Guest Gail');
    await userEvent.type(canvas.getByLabelText(/^Meeting password/), '000000');
    await userEvent.click(joinButton(canvas));
    await expect(await canvas.findByText('Wrong meeting password.')).toBeInTheDocument();
    await expect(joinsOf(loaded).at(-1)).toEqual({ name: 'Guest Gail', password: '000000' });
  },
};

/** Before the host starts the meeting: the page waits and asks again by itself until it may enter. */
export const WaitingForHost: Story = {
  loaders: [roomLoader({ password: null, waitingFor: Infinity })],
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('textbox', { name: /^Your name/ }), 'Guest Gail');
    await userEvent.click(joinButton(canvas));
    await expect(await canvas.findByText('Waiting for the host to start the meeting')).toBeInTheDocument();
    await expect(canvas.getByText('You will join automatically as soon as the meeting starts.')).toBeInTheDocument();
    await waitFor(() => expect(joinsOf(loaded).length).toBeGreaterThanOrEqual(3));
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }));
    await expect(await canvas.findByRole('button', { name: 'Join meeting' })).toBeInTheDocument();
  },
};

/** A locked meeting: nobody else may enter. */
export const Locked: Story = {
  loaders: [roomLoader({ locked: true })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('textbox', { name: /^Your name/ }), 'Guest Gail');
    await userEvent.type(canvas.getByLabelText(/^Meeting password/), FAKE_ROOM_PASSWORD);
    await userEvent.click(joinButton(canvas));
    await expect(await canvas.findByText('The meeting is locked')).toBeInTheDocument();
  },
};

/** An administrator removed them and barred them from this run: the page says so. */
export const Removed: Story = {
  loaders: [roomLoader({ removed: true })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('textbox', { name: /^Your name/ }), 'Guest Gail');
    await userEvent.type(canvas.getByLabelText(/^Meeting password/), FAKE_ROOM_PASSWORD);
    await userEvent.click(joinButton(canvas));
    await expect(await canvas.findByText('You were removed from this meeting')).toBeInTheDocument();
    await expect(canvas.getByText('An administrator removed you and you may not join again while this meeting runs.')).toBeInTheDocument();
  },
};

/** The plan's participants are in: the page says the meeting is full, and the form stays for another try. */
export const Full: Story = {
  loaders: [roomLoader({ full: true })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('textbox', { name: /^Your name/ }), 'Guest Gail');
    await userEvent.type(canvas.getByLabelText(/^Meeting password/), FAKE_ROOM_PASSWORD);
    await userEvent.click(joinButton(canvas));
    await expect(await canvas.findByText('The meeting is full')).toBeInTheDocument();
    await expect(joinButton(canvas)).toBeEnabled();
  },
};

/** For signed-in people only: a link to sign in that comes back here. */
export const SignInRequired: Story = {
  loaders: [roomLoader({ signedInOnly: true })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('This meeting is for signed-in people only.')).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', `/login?redirect=%2Fjoin%2F${FAKE_ROOM_CODE}`);
  },
};

/** No media server on this platform: said before anyone tries. */
export const MediaUnavailable: Story = {
  loaders: [roomLoader({ mediaAvailable: false })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Meetings are not available')).toBeInTheDocument();
    await expect(canvas.getByText(/No media server is configured on this platform/)).toBeInTheDocument();
  },
};

/** Signed in: the name is the account's. */
export const SignedIn: Story = {
  loaders: [roomLoader({ password: null }, signedIn)],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getByRole('textbox', { name: /^Your name/ })).toHaveValue('Ada Lovelace'));
    await expect(canvas.queryByLabelText(/^Meeting password/)).not.toBeInTheDocument();
  },
};

/** A link to no meeting. */
export const NotFound: Story = {
  parameters: { entry: '/join/9999999999' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('This meeting does not exist. Check the meeting link.')).toBeInTheDocument();
  },
};

// Each encrypted story has its own meeting id: the page keeps a link's key for the tab, per meeting.
const ENCRYPTED_CODE = '4155550188';
const KEYLESS_CODE = '4155550177';
const KEY = 'q8vL0cJ2c4m3Z8s9kV1hQeWm7yTn5bXo2Ru6gAfD0Pk';

/** An end-to-end encrypted meeting opened with its full link: the indicator, then the usual form. */
export const Encrypted: Story = {
  parameters: { entry: `/join/${ENCRYPTED_CODE}#key=${KEY}` },
  // jsdom has no WebRTC: it gets the encoded-streams API Chromium has, so the page takes it for a browser that can encrypt.
  beforeEach: () => {
    if (typeof RTCRtpSender !== 'undefined') return;
    const encoded = { prototype: { createEncodedStreams: () => undefined } };
    Object.assign(globalThis, { RTCRtpSender: encoded, RTCRtpReceiver: encoded });
    return () => {
      Reflect.deleteProperty(globalThis, 'RTCRtpSender');
      Reflect.deleteProperty(globalThis, 'RTCRtpReceiver');
    };
  },
  loaders: [roomLoader({ password: null, info: fakeJoinInfo({ code: ENCRYPTED_CODE, passwordRequired: false, endToEndEncrypted: true }) })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('End-to-end encrypted')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Join meeting' })).toBeInTheDocument();
  },
};

/** The same meeting opened with the plain link: no key, so it says to open the full invitation link. */
export const EncryptedWithoutKey: Story = {
  parameters: { entry: `/join/${KEYLESS_CODE}` },
  loaders: [roomLoader({ password: null, info: fakeJoinInfo({ code: KEYLESS_CODE, passwordRequired: false, endToEndEncrypted: true }) })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('This meeting is end-to-end encrypted. Open the full invitation link to join.')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Join meeting' })).not.toBeInTheDocument();
  },
};

function translated(language: Language, texts: { join: string; name: string }): Story {
  return {
    parameters: { language },
    loaders: [roomLoader(), languageLoader(language)],
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      await expect(await canvas.findByRole('heading', { name: 'Design review' })).toBeInTheDocument();
      await expect(canvas.getByRole('button', { name: texts.join })).toBeInTheDocument();
      await expect(canvas.getByRole('textbox', { name: new RegExp(`^${texts.name}`) })).toBeInTheDocument();
    },
  };
}

export const English = translated('en', { join: 'Join meeting', name: 'Your name' });
export const French = translated('fr', { join: 'Rejoindre la réunion', name: 'Votre nom' });
export const Arabic = translated('ar', { join: 'الانضمام إلى الاجتماع', name: 'اسمك' });
export const Uzbek = translated('uz', { join: 'Uchrashuvga qo‘shilish', name: 'Ismingiz' });
