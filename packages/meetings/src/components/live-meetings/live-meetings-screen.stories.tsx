import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { fakeCurrentUser } from '@portal/auth/testing';
import type { Language } from '@portal/i18n';
import { fakeLiveApiLoader, fakeLiveMeeting, fakeLiveParticipant, fakeSessionId, languageLoader, loadedLiveApi, translatedListStory, withMeetingsProviders } from '../../testing';
import { LiveMeetingsScreen } from './live-meetings-screen';

const live = [
  fakeLiveMeeting(2, { topic: 'Design review', tenantName: 'Globex Corporation', participants: 3, screenShare: true, recording: true, flagged: true }),
  fakeLiveMeeting(1, { topic: 'Daily stand-up', participants: 2 }),
];
const people = [
  fakeLiveParticipant(1, { displayName: 'Ada Lovelace' }),
  fakeLiveParticipant(2, { displayName: 'Grace Hopper', email: null, cameraOn: false, screenSharing: true, flagged: true, flagReason: 'packet_loss', client: { os: 'macOS', platform: 'desktop', network: 'cellular' }, stats: null }),
];

/** A tenant administrator, who may end a meeting for everyone. */
const admin = fakeCurrentUser({ role: 'tenantadmin', roles: ['tenantadmin'], permissions: ['room.current.get', 'room.current.end', 'room.current.remove', 'room.current.lock', 'room.current.mute'] });
const endLabel = (meeting = live[0]!) => `End meeting ${meeting.meetingId} for everyone`;

/** Opens the first meeting's participants (Design review: Ada and Grace); answers their table. */
async function openParticipants(canvas: ReturnType<typeof within>) {
  await userEvent.click(await canvas.findByRole('button', { name: `Participants of ${live[0]!.meetingId}` }));
  return within(await canvas.findByRole('table', { name: 'Participants' }));
}

const meta = {
  title: 'Meetings/LiveMeetingsScreen',
  component: LiveMeetingsScreen,
  decorators: [withMeetingsProviders],
  parameters: { route: '/live-meeting' },
  loaders: [fakeLiveApiLoader({ live, participants: { [fakeSessionId(2)]: people, [fakeSessionId(1)]: [] } })],
} satisfies Meta<typeof LiveMeetingsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The running meetings with the spec's columns and the node running each, flags and yes/no icons by name; the push is connected. */
export const WithData: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = within(await canvas.findByRole('table', { name: 'Live meetings' }));
    await expect(await table.findByText('Globex Corporation')).toBeInTheDocument();
    for (const header of ['Meeting ID', 'Tenant Name', 'Participants', 'Start Time', 'Node', 'Video', 'Screen Share', 'Phone Bridge', 'Recording']) {
      await expect(table.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    // Which media node runs each meeting.
    await expect(table.getAllByText('janus-1').length).toBeGreaterThan(0);
    await expect(table.getByText('Poor call quality')).toBeInTheDocument();
    await expect(table.getAllByRole('img', { name: 'Yes' }).length).toBeGreaterThan(0);
    await expect(await canvas.findByRole('status')).toHaveTextContent('Updating live');
    // Watching alone (room.current.get) offers no End.
    await expect(table.queryByRole('button', { name: endLabel() })).toBeNull();
  },
};

/** An administrator ends a meeting for everyone: asked first, the server is called, the row goes and a notice says so. */
export const EndForEveryone: Story = {
  loaders: [fakeLiveApiLoader({ live, participants: { [fakeSessionId(2)]: people, [fakeSessionId(1)]: [] }, user: admin })],
  play: async ({ canvasElement, loaded }) => {
    const { api } = loadedLiveApi(loaded);
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(await canvas.findByRole('button', { name: endLabel() }));
    const dialog = within(await page.findByRole('dialog', { name: 'End meeting' }));
    await expect(dialog.getByText('End “Design review” for everyone? Everyone in it leaves at once, and nobody can join until the host starts it again.')).toBeInTheDocument();
    // Cancel has the focus, so Enter does not end a meeting by accident.
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await userEvent.click(dialog.getByRole('button', { name: 'End for everyone' }));
    await waitFor(() => expect(api.requestsOf('endLiveMeeting').map((request) => request.path)).toEqual([`/live-meetings/${live[0]!.id}`]));
    await expect(await page.findByText(`Meeting ${live[0]!.meetingId} ended for everyone`)).toBeInTheDocument();
    const table = within(canvas.getByRole('table', { name: 'Live meetings' }));
    await waitFor(() => expect(table.queryByText(live[0]!.meetingId)).toBeNull());
    await expect(table.getByText(live[1]!.meetingId)).toBeInTheDocument();
  },
};

/** An administrator removes someone and bars them from coming back: asked first, the server told to block, the row goes. */
export const RemoveParticipant: Story = {
  loaders: [fakeLiveApiLoader({ live, participants: { [fakeSessionId(2)]: people }, user: admin })],
  play: async ({ canvasElement, loaded }) => {
    const { api } = loadedLiveApi(loaded);
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    const table = await openParticipants(canvas);
    await userEvent.click(await table.findByRole('button', { name: 'Remove Ada Lovelace from the meeting' }));
    const dialog = within(await page.findByRole('dialog', { name: 'Remove participant' }));
    await expect(dialog.getByText('Remove Ada Lovelace from the meeting? They are put out at once, and their page says an administrator removed them.')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Do not let them join again while this meeting runs' }));
    // Ada is signed in: no word about guests.
    await expect(dialog.queryByText(/A guest is known only by this visit/)).toBeNull();
    await userEvent.click(dialog.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(api.requestsOf('removeLiveParticipant').map((request) => [request.path, request.body])).toEqual([[`/live-meetings/${live[0]!.id}/participants/${people[0]!.id}/removal`, { block: true }]]));
    await expect(await page.findByText('Ada Lovelace was removed from the meeting')).toBeInTheDocument();
    await waitFor(() => expect(table.queryByText('Ada Lovelace')).toBeNull());
    await expect(table.getByText('Grace Hopper')).toBeInTheDocument();
  },
};

/** An administrator mutes someone, then stops their video: each action shows while that is on, and goes once it is off. */
export const MuteParticipant: Story = {
  loaders: [fakeLiveApiLoader({ live, participants: { [fakeSessionId(2)]: people }, user: admin })],
  play: async ({ canvasElement, loaded }) => {
    const { api } = loadedLiveApi(loaded);
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    const table = await openParticipants(canvas);
    // Grace's camera is off: nothing to stop.
    await table.findByRole('button', { name: 'Mute Grace Hopper' });
    await expect(table.queryByRole('button', { name: "Stop Grace Hopper's video" })).toBeNull();
    await userEvent.click(await table.findByRole('button', { name: 'Mute Ada Lovelace' }));
    await expect(await page.findByText('Ada Lovelace was muted')).toBeInTheDocument();
    await waitFor(() => expect(table.queryByRole('button', { name: 'Mute Ada Lovelace' })).toBeNull());
    await userEvent.click(table.getByRole('button', { name: "Stop Ada Lovelace's video" }));
    await expect(await page.findByText("Ada Lovelace's video was stopped")).toBeInTheDocument();
    await expect(api.requestsOf('muteLiveParticipant').map((request) => request.body)).toEqual([{ kinds: ['audio'] }, { kinds: ['video'] }]);
  },
};

/** Barring a guest says what it can and cannot do; Cancel removes nobody. */
export const RemoveGuestCancelled: Story = {
  loaders: [fakeLiveApiLoader({ live, participants: { [fakeSessionId(2)]: people }, user: admin })],
  play: async ({ canvasElement, loaded }) => {
    const { api } = loadedLiveApi(loaded);
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(await (await openParticipants(canvas)).findByRole('button', { name: 'Remove Grace Hopper from the meeting' }));
    const dialog = within(await page.findByRole('dialog', { name: 'Remove participant' }));
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Do not let them join again while this meeting runs' }));
    await expect(dialog.getByText('A guest is known only by this visit: one who joins again under a new name is not held back.')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(page.queryByRole('dialog')).toBeNull());
    await expect(api.requestsOf('removeLiveParticipant')).toHaveLength(0);
  },
};

/** An administrator locks a meeting against newcomers and opens it again; the row's action says which it will do. */
export const LockAndOpen: Story = {
  loaders: [fakeLiveApiLoader({ live, user: admin })],
  play: async ({ canvasElement, loaded }) => {
    const { api } = loadedLiveApi(loaded);
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    const code = live[1]!.meetingId;
    await userEvent.click(await canvas.findByRole('button', { name: `Lock meeting ${code}` }));
    await expect(await page.findByText(`Meeting ${code} locked: nobody new may join`)).toBeInTheDocument();
    await userEvent.click(await canvas.findByRole('button', { name: `Unlock meeting ${code}` }));
    await expect(await page.findByText(`Meeting ${code} is open to newcomers again`)).toBeInTheDocument();
    await expect(await canvas.findByRole('button', { name: `Lock meeting ${code}` })).toBeInTheDocument();
    await expect(api.requestsOf('lockLiveMeeting').map((request) => [request.path, request.body])).toEqual([
      [`/live-meetings/${live[1]!.id}/lock`, { locked: true }],
      [`/live-meetings/${live[1]!.id}/lock`, { locked: false }],
    ]);
  },
};

/** Cancel ends nothing. */
export const EndCancelled: Story = {
  loaders: [fakeLiveApiLoader({ live, user: admin })],
  play: async ({ canvasElement, loaded }) => {
    const { api } = loadedLiveApi(loaded);
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(await canvas.findByRole('button', { name: endLabel(live[1]) }));
    await userEvent.click(within(await page.findByRole('dialog', { name: 'End meeting' })).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(page.queryByRole('dialog')).toBeNull());
    await expect(api.requestsOf('endLiveMeeting')).toHaveLength(0);
    await expect(canvas.getByText(live[1]!.meetingId)).toBeInTheDocument();
  },
};

/** Choosing a meeting shows who is in it: devices, pods by name, codecs, statistics, quality flag. */
export const Participants: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: `Participants of ${live[0]!.meetingId}` }));
    await expect(await canvas.findByRole('heading', { name: `Participants of meeting ${live[0]!.meetingId}` })).toHaveFocus();
    const table = within(await canvas.findByRole('table', { name: 'Participants' }));
    await expect(await table.findByText('Ada Lovelace')).toBeInTheDocument();
    for (const header of ['Participant', 'OS', 'Version', 'Speaker', 'Mic', 'IP', 'Network', 'Camera', 'Start Time', 'Platform', 'Camera pod', 'Mic pod', 'Screenshare pod']) {
      await expect(table.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    await expect(table.getByText('Linux 6.1')).toBeInTheDocument();
    await expect(table.getByText('Chrome 131')).toBeInTheDocument();
    await expect(table.getAllByRole('img', { name: 'Camera: Off' })).toHaveLength(1);
    await expect(table.getAllByRole('img', { name: 'Screen Share: On' })).toHaveLength(1);
    await expect(table.getByText('High packet loss')).toBeInTheDocument();
    await expect(table.getByText('540 kbps · 0.5% loss · 4 ms jitter · 25 ms RTT')).toBeInTheDocument();
  },
};

/** A pushed change refetches in place: a new meeting and a new participant appear, the chosen meeting stays open. */
export const LiveUpdate: Story = {
  play: async ({ canvasElement, loaded }) => {
    const { api, events } = loadedLiveApi(loaded);
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: `Participants of ${live[0]!.meetingId}` }));
    const participants = within(await canvas.findByRole('table', { name: 'Participants' }));
    await participants.findByText('Ada Lovelace');
    await waitFor(() => expect(events.isOpen()).toBe(true));
    const started = fakeLiveMeeting(3, { topic: 'Customer call', participants: 1 });
    api.setLive([started, ...live]);
    api.setParticipants(fakeSessionId(2), [...people, fakeLiveParticipant(3, { displayName: 'Alan Turing' })]);
    const meetingsBefore = api.requestsOf('currentMeetings').length;
    events.change([started.id, fakeSessionId(2)]);
    const table = within(canvas.getByRole('table', { name: 'Live meetings' }));
    // The rows stay while the list refetches: no skeleton, no reload.
    await expect(table.getByText(live[0]!.meetingId)).toBeInTheDocument();
    await expect(await table.findByText(started.meetingId)).toBeInTheDocument();
    await expect(await participants.findByText('Alan Turing')).toBeInTheDocument();
    await expect(canvas.getByRole('heading', { name: `Participants of meeting ${live[0]!.meetingId}` })).toBeInTheDocument();
    await expect(api.requestsOf('currentMeetings').length).toBeGreaterThan(meetingsBefore);
  },
};

/** Without EventSource the screen says it polls, and it does. */
export const PollingFallback: Story = {
  loaders: [fakeLiveApiLoader({ live }, { available: false })],
  play: async ({ canvasElement, loaded }) => {
    const { api } = loadedLiveApi(loaded);
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('status')).toHaveTextContent('Refreshing every 5 seconds');
    await canvas.findByText(live[0]!.meetingId);
    const before = api.requestsOf('currentMeetings').length;
    await waitFor(() => expect(api.requestsOf('currentMeetings').length).toBeGreaterThan(before), { timeout: 7000 });
  },
};

/** A broken stream falls back to polling until it reconnects. */
export const StreamLost: Story = {
  play: async ({ canvasElement, loaded }) => {
    const { events } = loadedLiveApi(loaded);
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent('Updating live'));
    events.fail();
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent('Refreshing every 5 seconds'));
  },
};

/** Nothing running, and a meeting nobody is in: the spec's empty texts. */
export const Empty: Story = {
  loaders: [fakeLiveApiLoader({ live: [] })],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('There are no live meetings!')).toBeInTheDocument();
  },
};

export const NoParticipants: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: `Participants of ${live[1]!.meetingId}` }));
    await expect(await canvas.findByText('There are no participants!')).toBeInTheDocument();
  },
};

/** A failed load. */
export const LoadError: Story = {
  loaders: [fakeLiveApiLoader({ live, failing: ['currentMeetings'] })],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Failed, Try Again..!!')).toBeInTheDocument();
  },
};

const translated = (language: Language, texts: { title: string; empty: string }): Story => translatedListStory(language, fakeLiveApiLoader({ live: [] }), texts);

export const English = translated('en', { title: 'Live meetings', empty: 'There are no live meetings!' });
export const French = translated('fr', { title: 'Réunions en direct', empty: 'Il n’y a aucune réunion en direct !' });
export const Arabic = translated('ar', { title: 'الاجتماعات المباشرة', empty: 'لا توجد اجتماعات مباشرة!' });
export const Uzbek = translated('uz', { title: 'Jonli uchrashuvlar', empty: 'Jonli uchrashuvlar yoʻq!' });

/** The End action and its question in the other languages. */
const endTranslated = (language: Exclude<Language, 'en'>, texts: { action: string; title: string; confirm: string }): Story => ({
  parameters: { language },
  loaders: [fakeLiveApiLoader({ live, user: admin }), languageLoader(language)],
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: texts.action }));
    const dialog = within(await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: texts.title }));
    await expect(dialog.getByRole('button', { name: texts.confirm })).toBeInTheDocument();
  },
});

export const EndFrench = endTranslated('fr', { action: `Terminer la réunion ${live[0]!.meetingId} pour tout le monde`, title: 'Terminer la réunion', confirm: 'Terminer pour tout le monde' });
export const EndArabic = endTranslated('ar', { action: `إنهاء الاجتماع ${live[0]!.meetingId} للجميع`, title: 'إنهاء الاجتماع', confirm: 'إنهاء للجميع' });
export const EndUzbek = endTranslated('uz', { action: `${live[0]!.meetingId} uchrashuvini hamma uchun yakunlash`, title: 'Uchrashuvni yakunlash', confirm: 'Hamma uchun yakunlash' });

/** Remove and its question in the other languages. */
const removeTranslated = (language: Exclude<Language, 'en'>, texts: { action: string; title: string; block: string }): Story => ({
  parameters: { language },
  loaders: [fakeLiveApiLoader({ live, participants: { [fakeSessionId(2)]: people }, user: admin }), languageLoader(language)],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click((await canvas.findAllByRole('button', { name: new RegExp(live[0]!.meetingId) }))[0]!);
    await userEvent.click(await canvas.findByRole('button', { name: texts.action }));
    const dialog = within(await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: texts.title }));
    await expect(dialog.getByRole('checkbox', { name: texts.block })).toBeInTheDocument();
  },
});

export const RemoveFrench = removeTranslated('fr', { action: 'Retirer Ada Lovelace de la réunion', title: 'Retirer le participant', block: 'Ne pas le laisser revenir tant que la réunion dure' });
export const RemoveArabic = removeTranslated('ar', { action: 'إخراج Ada Lovelace من الاجتماع', title: 'إخراج المشارك', block: 'عدم السماح له بالانضمام مجددًا ما دام الاجتماع جاريًا' });
export const RemoveUzbek = removeTranslated('uz', { action: 'Ada Lovelaceni uchrashuvdan chiqarish', title: 'Ishtirokchini chiqarish', block: 'Uchrashuv davom etar ekan, qayta qoʻshilishiga yoʻl qoʻymaslik' });

/** Lock in the other languages. */
const lockTranslated = (language: Exclude<Language, 'en'>, name: string): Story => ({
  parameters: { language },
  loaders: [fakeLiveApiLoader({ live, user: admin }), languageLoader(language)],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name })).toBeInTheDocument();
  },
});

export const LockFrench = lockTranslated('fr', `Verrouiller la réunion ${live[0]!.meetingId}`);
export const LockArabic = lockTranslated('ar', `قفل الاجتماع ${live[0]!.meetingId}`);
export const LockUzbek = lockTranslated('uz', `${live[0]!.meetingId} uchrashuvini qulflash`);
