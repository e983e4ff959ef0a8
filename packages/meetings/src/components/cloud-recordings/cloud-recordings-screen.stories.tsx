import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { Language } from '@portal/i18n';
import { fakeCurrentUser } from '@portal/auth/testing';
import { fakeRecording, fakeRecordingsApiLoader, loadedRecordingsApi, setDate, translatedListStory, withMeetingsProviders } from '../../testing';
import { CloudRecordingsScreen } from './cloud-recordings-screen';

const today = new Date('2030-06-30T12:00:00Z');
const recordings = [
  fakeRecording(4, { topic: 'Weekly sync', fileSize: 1_500_000 }),
  fakeRecording(3, { topic: 'Board meeting', status: 'processing', fileSize: null, durationSeconds: null, audio: false, video: false }),
  fakeRecording(2, { topic: 'Town hall', status: 'failed', failure: 'The media server left no recorded audio or video for this meeting.', fileSize: null, audio: false, video: false }),
  fakeRecording(1, { topic: 'Podcast', video: false, fileSize: 250_000, tenantName: 'Globex' }),
  fakeRecording(5, { topic: 'Old planning', startTime: '2030-04-02T08:00:00.000Z', endTime: '2030-04-02T09:00:00.000Z' }),
];

const meta = {
  title: 'Meetings/CloudRecordingsScreen',
  component: CloudRecordingsScreen,
  decorators: [withMeetingsProviders],
  args: { today },
  parameters: { route: '/cloud-recordings' },
  loaders: [fakeRecordingsApiLoader({ recordings })],
} satisfies Meta<typeof CloudRecordingsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The last 30 days with the spec's columns; sizes in the reader's language, processing and failed shown as such. */
export const WithData: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const table = within(await canvas.findByRole('table', { name: 'Cloud recordings' }));
    await expect(await table.findByText('Weekly sync')).toBeInTheDocument();
    for (const header of ['Topic', 'Meeting ID', 'Start Time', 'End Time', 'File Size']) {
      await expect(table.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    await expect(table.queryByRole('columnheader', { name: 'Tenant Name' })).toBeNull();
    await expect(table.getByText('1.5 MB')).toBeInTheDocument();
    await expect(table.getByText('250 kB')).toBeInTheDocument();
    await expect(table.getByText('Audio only')).toBeInTheDocument();
    await expect(table.getByText('Processing')).toBeInTheDocument();
    await expect(table.getByText('Failed')).toBeInTheDocument();
    await expect(table.queryByText('Old planning')).toBeNull();
    const query = loadedRecordingsApi(loaded).requestsOf('getRecordings')[0]?.query;
    await expect(query?.get('from')).toBe('2030-05-31');
    await expect(query?.get('to')).toBe('2030-06-30');
  },
};

/** Why a recording failed, on the badge (hover or keyboard focus). */
export const FailureReason: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const badge = await canvas.findByText('Failed');
    await userEvent.hover(badge);
    await expect(await within(canvasElement.ownerDocument.body).findByText('The media server left no recorded audio or video for this meeting.')).toBeInTheDocument();
  },
};

/** A wider period, a search by topic or meeting ID, and an end before the start refused in the spec's words. */
export const PeriodAndSearch: Story = {
  play: async ({ canvasElement, loaded }) => {
    const api = loadedRecordingsApi(loaded);
    const canvas = within(canvasElement);
    await canvas.findByText('Weekly sync');
    await setDate(canvas, 'Start Date', '2030-04-01');
    await expect(await canvas.findByText('Old planning')).toBeInTheDocument();
    await userEvent.type(canvas.getByRole('searchbox'), recordings[0]!.meetingId);
    await waitFor(() => expect(canvas.queryByText('Old planning')).toBeNull());
    await expect(canvas.getByText('Weekly sync')).toBeInTheDocument();
    await expect(api.requestsOf('getRecordings').at(-1)?.query.get('q')).toBe(recordings[0]!.meetingId);
    await setDate(canvas, 'End Date', '2030-03-01');
    await expect(await canvas.findByText('Cannot Choose a Pre-Date for End Date')).toBeInTheDocument();
  },
};

const superAdmin = fakeCurrentUser({ role: 'superadmin', roles: ['superadmin'], permissions: ['room.recording.get'] });

/** The super administrator sees every tenant's recordings with their tenant, and narrows them by company. */
export const SuperAdministrator: Story = {
  loaders: [fakeRecordingsApiLoader({ recordings, other: async (request) => (new URL(request.url).pathname.endsWith('/session') ? Response.json({ user: superAdmin }) : new Response(null, { status: 404 })) })],
  play: async ({ canvasElement, loaded }) => {
    const api = loadedRecordingsApi(loaded);
    const canvas = within(canvasElement);
    const table = within(await canvas.findByRole('table', { name: 'Cloud recordings' }));
    await expect(await table.findByRole('columnheader', { name: 'Tenant Name' })).toBeInTheDocument();
    await userEvent.type(canvas.getByRole('textbox', { name: 'Company' }), 'Globex');
    await waitFor(() => expect(table.queryByText('Weekly sync')).toBeNull());
    await expect(table.getByText('Podcast')).toBeInTheDocument();
    await expect(api.requestsOf('getRecordings').at(-1)?.query.get('company')).toBe('Globex');
  },
};

/** A recording being converted turns ready without a reload. */
export const ProcessingTurnsReady: Story = {
  loaders: [fakeRecordingsApiLoader({ recordings: [recordings[1]!] })],
  play: async ({ canvasElement, loaded }) => {
    const api = loadedRecordingsApi(loaded);
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Processing')).toBeInTheDocument();
    api.setRecordings([{ ...recordings[1]!, status: 'ready', fileSize: 2_000_000, audio: true, video: true }]);
    await expect(await canvas.findByText('2 MB', undefined, { timeout: 8_000 })).toBeInTheDocument();
  },
};

/** Nothing in the period: the spec's empty text. */
export const Empty: Story = {
  loaders: [fakeRecordingsApiLoader({ recordings: [] })],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('There are no recordings for this period!')).toBeInTheDocument();
  },
};

/** A failed load. */
export const LoadError: Story = {
  loaders: [fakeRecordingsApiLoader({ recordings, failing: ['getRecordings'] })],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Failed, Try Again..!!')).toBeInTheDocument();
  },
};

const translated = (language: Language, texts: { title: string; empty: string }): Story => translatedListStory(language, fakeRecordingsApiLoader({ recordings: [] }), texts);

export const English = translated('en', { title: 'Cloud recordings', empty: 'There are no recordings for this period!' });
export const French = translated('fr', { title: 'Enregistrements dans le cloud', empty: 'Il n’y a aucun enregistrement pour cette période !' });
export const Arabic = translated('ar', { title: 'التسجيلات السحابية', empty: 'لا توجد تسجيلات لهذه الفترة!' });
export const Uzbek = translated('uz', { title: 'Bulutdagi yozuvlar', empty: 'Bu davr uchun yozuvlar yoʻq!' });
