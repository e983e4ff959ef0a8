import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { createFakeFetch, fakeTenantInfo, json, problem } from '@portal/auth/testing';
import type { Language } from '@portal/i18n';
import { FAKE_GUEST_KEY, FAKE_ROOM_CODE, fakeJanusRoom, fakeJoinGrant, fakeRoomApiLoader, languageLoader, withMeetingsProviders } from '../../testing';
import type { FakeJanusRoom, FakeRoom } from '../../testing';
import { JoinMeetingPage } from './join-meeting-page';
import { MeetingRoom } from './meeting-room';

const signedOut = createFakeFetch({ getTenantInfo: json(fakeTenantInfo()), getCurrentUser: problem(401, 'unauthenticated') });
const roomApi = (options: Parameters<typeof fakeRoomApiLoader>[0] = {}) => fakeRoomApiLoader({ ...options, other: signedOut });
const roomOf = (loaded: Record<string, unknown>) => loaded.room as FakeRoom;

const colleague = [{ id: 2, display: 'Grace Hopper' }];
/** The rooms the stories' `connect` made, the last one first read by play functions. */
const made: FakeJanusRoom[] = [];
const remember = (room: FakeJanusRoom) => void made.push(room);
const lastRoom = () => made.at(-1)!;

const meta = {
  title: 'Meetings/MeetingRoom',
  component: MeetingRoom,
  decorators: [withMeetingsProviders],
  parameters: { layout: 'fullscreen' },
  args: { grant: fakeJoinGrant(), connect: fakeJanusRoom({ remotes: colleague }, remember), onLeft: fn() },
  loaders: [roomApi()],
} satisfies Meta<typeof MeetingRoom>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The media server put them out (an administrator removed them): the page is told, to say so. */
export const RemovedByAdministrator: Story = {
  args: { connect: fakeJanusRoom({ status: 'removed' }, remember) },
  play: async ({ args }) => {
    await waitFor(() => expect(args.onLeft).toHaveBeenCalledWith('removed'));
  },
};

/** Just joined: the own tile, the media server connection still on its way. */
export const Joining: Story = {
  args: { connect: fakeJanusRoom({ status: 'connecting' }, remember) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Connecting…')).toBeInTheDocument();
    await expect(canvas.getByRole('heading', { name: 'Design review' })).toBeInTheDocument();
    await expect(canvas.getByText('Ada Lovelace (you)')).toBeInTheDocument();
  },
};

/** Three minutes before the tenant's plan ends the meeting: the room says when. */
export const PlanEndsSoon: Story = {
  args: { grant: fakeJoinGrant({ endsAt: new Date(Date.now() + 3 * 60_000).toISOString() }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('plan-end-notice')).toHaveTextContent(/This meeting ends at .+: it is as long as the organisation's plan allows\./);
  },
};

/** In the meeting with a colleague: both tiles with their names, the controls; muting changes the button. */
export const TwoParticipants: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('2 in the meeting')).toBeInTheDocument();
    const tiles = within(canvas.getByRole('list', { name: 'Participants' })).getAllByRole('listitem');
    await expect(tiles).toHaveLength(2);
    await expect(within(tiles[0]!).getByText('Ada Lovelace (you)')).toBeInTheDocument();
    await expect(within(tiles[1]!).getByText('Grace Hopper')).toBeInTheDocument();
    await expect(canvas.queryByTestId('entry-mute-notice')).not.toBeInTheDocument();
    await expect(canvas.queryByTestId('plan-end-notice')).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Mute' }));
    await expect(await canvas.findByRole('button', { name: 'Unmute' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(canvas.getByRole('button', { name: 'Unmute' }));
    await expect(await canvas.findByRole('button', { name: 'Mute' })).toBeInTheDocument();
    await expect(lastRoom().calls).toEqual(['audio:off', 'audio:on']);
    // A participant: no End meeting; leaving is theirs.
    await expect(canvas.queryByRole('button', { name: 'End meeting' })).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Leave' }));
    await expect(args.onLeft).toHaveBeenCalledWith('left');
  },
};

/** The host: ends the meeting for everyone. */
export const Host: Story = {
  args: { grant: fakeJoinGrant({ role: 'host', display: 'Ada Lovelace' }) },
  play: async ({ canvasElement, loaded, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'End meeting' }));
    await waitFor(() => expect(roomOf(loaded).ended).toHaveLength(1));
    await expect(args.onLeft).toHaveBeenCalledWith('left');
  },
};

/**
 * A meeting that mutes on entry and turns video off: the room says so, and Unmute first asks the
 * server to lift the media server's mute with this participant's join grant, then turns the
 * microphone on. The camera stays off until they start it.
 */
export const MutedOnEntry: Story = {
  args: { grant: fakeJoinGrant({ muteOnEntry: true, videoOffOnEntry: true, display: 'Gail Guest' }) },
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const notice = await canvas.findByTestId('entry-mute-notice');
    await expect(notice).toHaveTextContent('You were muted and your camera was turned off when you joined.');
    await expect(canvas.getByRole('button', { name: 'Start video' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(canvas.getByRole('button', { name: 'Unmute' }));
    await expect(await canvas.findByRole('button', { name: 'Mute' })).toBeInTheDocument();
    const grant = fakeJoinGrant();
    await expect(roomOf(loaded).unmutes).toEqual([{ participant: FAKE_GUEST_KEY, body: { kinds: ['audio'], grant: { opaqueId: grant.opaqueId, token: grant.token } } }]);
    await expect(lastRoom().calls).toEqual(['audio:on']);
    await expect(canvas.getByTestId('entry-mute-notice')).toHaveTextContent('Your camera was turned off when you joined.');
    await userEvent.click(canvas.getByRole('button', { name: 'Start video' }));
    await waitFor(() => expect(canvas.queryByTestId('entry-mute-notice')).not.toBeInTheDocument());
    await expect(roomOf(loaded).unmutes).toHaveLength(2);
    await expect(lastRoom().calls).toEqual(['audio:on', 'video:on']);
    // Lifted once: muting and unmuting again is the microphone's own business.
    await userEvent.click(canvas.getByRole('button', { name: 'Mute' }));
    await userEvent.click(await canvas.findByRole('button', { name: 'Unmute' }));
    await expect(await canvas.findByRole('button', { name: 'Mute' })).toBeInTheDocument();
    await expect(roomOf(loaded).unmutes).toHaveLength(2);
  },
};

/** An administrator muted them from Live meetings: the room says who did, and Unmute lifts it with their grant first. */
export const MutedByAdministrator: Story = {
  args: { connect: fakeJanusRoom({ remotes: colleague, moderated: { audio: true, video: false } }, remember) },
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const notice = await canvas.findByTestId('moderation-notice');
    await expect(notice).toHaveTextContent('An administrator muted you. Unmute yourself when you want to speak.');
    await userEvent.click(canvas.getByRole('button', { name: 'Unmute' }));
    await expect(await canvas.findByRole('button', { name: 'Mute' })).toBeInTheDocument();
    const grant = fakeJoinGrant();
    await expect(roomOf(loaded).unmutes).toEqual([{ participant: FAKE_GUEST_KEY, body: { kinds: ['audio'], grant: { opaqueId: grant.opaqueId, token: grant.token } } }]);
    await expect(lastRoom().calls).toEqual(['audio:on']);
  },
};

/** Muted on entry, the media server's own word of that mute does not make it an administrator's. */
export const MutedOnEntryToldByServer: Story = {
  args: {
    grant: fakeJoinGrant({ muteOnEntry: true, display: 'Gail Guest' }),
    connect: fakeJanusRoom({ remotes: colleague, moderated: { audio: true, video: false } }, remember),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('entry-mute-notice')).toHaveTextContent('You were muted when you joined.');
    await expect(canvas.queryByTestId('moderation-notice')).toBeNull();
  },
};

/** No media server on this platform: the meeting's page says so instead of a room. */
export const NoMediaServer: Story = {
  parameters: { route: '/join/:code', entry: `/join/${FAKE_ROOM_CODE}` },
  loaders: [roomApi({ mediaAvailable: false })],
  render: () => <JoinMeetingPage />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Meetings are not available')).toBeInTheDocument();
    await expect(canvas.getByText(/No media server is configured on this platform/)).toBeInTheDocument();
    await expect(canvas.queryByRole('toolbar')).not.toBeInTheDocument();
  },
};

type Texts = { count: string; unmute: string; notice: string; controls: string };

function translated(language: Language, texts: Texts): Story {
  return {
    parameters: { language },
    args: { grant: fakeJoinGrant({ muteOnEntry: true }) },
    loaders: [roomApi(), languageLoader(language)],
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      await expect(await canvas.findByText(texts.count)).toBeInTheDocument();
      await expect(canvas.getByTestId('entry-mute-notice')).toHaveTextContent(texts.notice);
      await expect(canvas.getByRole('toolbar', { name: texts.controls })).toBeInTheDocument();
      await expect(canvas.getByRole('button', { name: texts.unmute })).toBeInTheDocument();
      await expect(canvas.getAllByRole('listitem')).toHaveLength(2);
    },
  };
}

export const English = translated('en', {
  count: '2 in the meeting',
  unmute: 'Unmute',
  notice: 'You were muted when you joined. Unmute yourself when you want to speak.',
  controls: 'Meeting controls',
});
export const French = translated('fr', { count: '2 dans la réunion', unmute: 'Activer le micro', notice: 'Votre micro a été coupé à votre arrivée. Activez-le quand vous voulez parler.', controls: 'Commandes de la réunion' });
export const Arabic = translated('ar', { count: '2 في الاجتماع', unmute: 'إلغاء كتم الصوت', notice: 'تم كتم صوتك عند انضمامك. ألغِ كتم صوتك عندما تريد التحدث.', controls: 'عناصر التحكم في الاجتماع' });
export const Uzbek = translated('uz', { count: 'Uchrashuvda 2 kishi', unmute: 'Mikrofonni yoqish', notice: 'Qo‘shilganingizda mikrofoningiz o‘chirildi. Gapirmoqchi bo‘lganingizda mikrofonni yoqing.', controls: 'Uchrashuv boshqaruvi' });
