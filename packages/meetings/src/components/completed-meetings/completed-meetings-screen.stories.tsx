import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { Language } from '@portal/i18n';
import { fakeCurrentUser } from '@portal/auth/testing';
import { fakeCompletedMeeting, fakeCompletedParticipant, fakeLiveApiLoader, loadedLiveApi, setDate, translatedListStory, withMeetingsProviders } from '../../testing';
import { CompletedMeetingsScreen } from './completed-meetings-screen';

const today = new Date('2030-06-30T12:00:00Z');
const completed = [
  fakeCompletedMeeting(2, { topic: 'Board meeting', flagged: true, rating: 2.5, ratings: 2, recording: true, durationSeconds: 3 * 3600 + 5 * 60 + 7 }),
  fakeCompletedMeeting(1, { hostEmail: 'grace@acme.test', hostName: 'Grace Hopper' }),
  fakeCompletedMeeting(3, { startTime: '2030-04-02T08:00:00.000Z', endTime: '2030-04-02T09:00:00.000Z' }),
];
const people = [
  fakeCompletedParticipant(1, { displayName: 'Ada Lovelace' }),
  fakeCompletedParticipant(2, { displayName: 'Guest Bob', email: null, flagged: true, flagReason: 'rtt', avgRttMs: 420, samples: 0, avgPacketLoss: null }),
];

const meta = {
  title: 'Meetings/CompletedMeetingsScreen',
  component: CompletedMeetingsScreen,
  decorators: [withMeetingsProviders],
  args: { today },
  parameters: { route: '/completed-meetings' },
  loaders: [fakeLiveApiLoader({ completed, completedParticipants: { [completed[0]!.id]: people, [completed[1]!.id]: [] } })],
} satisfies Meta<typeof CompletedMeetingsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The last 30 days with the spec's columns, the quality flag and the average rating. */
export const WithData: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const table = within(await canvas.findByRole('table', { name: 'Completed meetings' }));
    await expect(await table.findByText('Grace Hopper')).toBeInTheDocument();
    for (const header of ['Meeting ID', 'Tenant Name', 'Participants', 'Start Time', 'End Time', 'Duration', 'Node', 'Video', 'Screen Share', 'Phone Bridge', 'Recording', 'Email', 'Name']) {
      await expect(table.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    await expect(table.getByText('3:05:07')).toBeInTheDocument();
    await expect(table.getByText('Poor call quality')).toBeInTheDocument();
    await expect(table.getByRole('img', { name: 'Rated 2.5 of 5 by 2' })).toBeInTheDocument();
    await expect(table.queryByText(completed[2]!.meetingId)).toBeNull();
    const query = loadedLiveApi(loaded).api.requestsOf('completedMeetings')[0]?.query;
    await expect(query?.get('from')).toBe('2030-05-31');
    await expect(query?.get('to')).toBe('2030-06-30');
  },
};

/** The participants of a meeting with their telemetry summary. */
export const Participants: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: `Participants of ${completed[0]!.meetingId}` }));
    await expect(await canvas.findByRole('heading', { name: `Participants of meeting ${completed[0]!.meetingId}` })).toHaveFocus();
    const table = within(await canvas.findByRole('table', { name: 'Participants' }));
    await expect(await table.findByText('Ada Lovelace')).toBeInTheDocument();
    for (const header of ['Participant', 'Duration', 'OS', 'Platform', 'Average packet loss', 'Average jitter', 'Average round-trip time']) {
      await expect(table.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    await expect(table.getByText('420 ms')).toBeInTheDocument();
    await expect(table.getByText('High round-trip time')).toBeInTheDocument();
    await expect(table.getAllByText('Windows 11')).toHaveLength(2);
  },
};

/** A wider period, an end before the start refused in the spec's words, and a search sent to the export. */
export const DateRangeAndExport: Story = {
  play: async ({ canvasElement, loaded }) => {
    const { api } = loadedLiveApi(loaded);
    const canvas = within(canvasElement);
    await canvas.findByText('Grace Hopper');
    await setDate(canvas, 'Start Date', '2030-04-01');
    await expect(await canvas.findByText(completed[2]!.meetingId)).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(api.requestsOf('exportCompletedMeetings')).toHaveLength(1));
    await expect(api.requestsOf('exportCompletedMeetings')[0]?.query.get('from')).toBe('2030-04-01');
    await setDate(canvas, 'End Date', '2030-03-01');
    await expect(await canvas.findByText('Cannot Choose a Pre-Date for End Date')).toBeInTheDocument();
  },
};

/** The host's last name narrows the list and the export; the company field is the super administrator's only. */
export const HostNameFilters: Story = {
  play: async ({ canvasElement, loaded }) => {
    const { api } = loadedLiveApi(loaded);
    const canvas = within(canvasElement);
    await canvas.findByText('Grace Hopper');
    await expect(canvas.queryByRole('textbox', { name: 'Company' })).toBeNull();
    await userEvent.type(canvas.getByRole('textbox', { name: 'Last name' }), 'Hopper');
    await waitFor(() => expect(canvas.queryByText(completed[0]!.meetingId)).toBeNull());
    await expect(canvas.getByText('Grace Hopper')).toBeInTheDocument();
    await expect(api.requestsOf('completedMeetings').at(-1)?.query.get('lastName')).toBe('Hopper');
    await userEvent.click(canvas.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(api.requestsOf('exportCompletedMeetings').at(-1)?.query.get('lastName')).toBe('Hopper'));
  },
};

const superAdmin = fakeCurrentUser({ role: 'superadmin', roles: ['superadmin'], permissions: ['room.completed.get', 'room.feedback.get'] });

/** Create opens the Schedule screen; Feedback, for the super administrator whose screen it is, opens the feedback of that meeting. */
export const Actions: Story = {
  loaders: [fakeLiveApiLoader({ completed, other: async (request) => (new URL(request.url).pathname.endsWith('/session') ? Response.json({ user: superAdmin }) : new Response(null, { status: 404 })) })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: 'Create' })).toHaveAttribute('href', '/schedule-meeting');
    await userEvent.click(await canvas.findByRole('button', { name: `Feedback on ${completed[0]!.meetingId}` }));
    await expect(await canvas.findByTestId('location')).toHaveTextContent(`/feedback?meeting=${completed[0]!.meetingId}`);
  },
};

/** A tenant administrator gets no Feedback action: that screen is the super administrator's. */
export const NoFeedbackForTenantAdmin: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('button', { name: `Participants of ${completed[0]!.meetingId}` });
    await expect(canvas.queryByRole('button', { name: `Feedback on ${completed[0]!.meetingId}` })).toBeNull();
  },
};

/** Nothing in the period, and a meeting without participants: the empty texts. */
export const Empty: Story = {
  loaders: [fakeLiveApiLoader({ completed: [] })],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('There are no completed meetings for this period!')).toBeInTheDocument();
  },
};

export const NoParticipants: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: `Participants of ${completed[1]!.meetingId}` }));
    await expect(await canvas.findByText('There are no participants!')).toBeInTheDocument();
  },
};

/** A failed load. */
export const LoadError: Story = {
  loaders: [fakeLiveApiLoader({ completed, failing: ['completedMeetings'] })],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Failed, Try Again..!!')).toBeInTheDocument();
  },
};

const translated = (language: Language, texts: { title: string; empty: string }): Story => translatedListStory(language, fakeLiveApiLoader({ completed: [] }), texts);

export const English = translated('en', { title: 'Completed meetings', empty: 'There are no completed meetings for this period!' });
export const French = translated('fr', { title: 'Réunions terminées', empty: 'Il n’y a aucune réunion terminée pour cette période !' });
export const Arabic = translated('ar', { title: 'الاجتماعات المكتملة', empty: 'لا توجد اجتماعات مكتملة لهذه الفترة!' });
export const Uzbek = translated('uz', { title: 'Yakunlangan uchrashuvlar', empty: 'Bu davr uchun yakunlangan uchrashuvlar yoʻq!' });
