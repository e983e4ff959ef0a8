import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { Language } from '@portal/i18n';
import { FAKE_STATE_CODE, fakeInspectApiLoader, fakeMeetingState, languageLoader, loadedInspectApi, withMeetingsProviders } from '../../testing';
import { MeetingStateScreen } from './meeting-state-screen';

const meta = {
  title: 'Meetings/MeetingStateScreen',
  component: MeetingStateScreen,
  decorators: [withMeetingsProviders],
  parameters: { route: '/meeting-state' },
  loaders: [fakeInspectApiLoader()],
} satisfies Meta<typeof MeetingStateScreen>;

export default meta;
type Story = StoryObj<typeof meta>;
type Canvas = ReturnType<typeof within>;

async function submitId(canvas: Canvas, value: string) {
  const input = await canvas.findByRole('textbox', { name: /^Meeting ID/ });
  await userEvent.clear(input);
  await userEvent.type(input, value);
  await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
}

/** A running meeting: Publishers, Subscribers and Orphans with the spec's columns. */
export const Running: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await submitId(canvas, FAKE_STATE_CODE);
    const publishers = within(await canvas.findByRole('table', { name: 'Publishers' }));
    await expect(await publishers.findByText('Bob Guest')).toBeInTheDocument();
    for (const header of ['Session Id', 'Audio', 'Video', 'Status', 'Stream Type', 'Media Server', 'Handle Id', 'Participant Id', 'Audio Codec', 'Display Name']) {
      await expect(publishers.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    await expect(publishers.getAllByText('in 34 kbps')).toHaveLength(2);
    const subscribers = within(canvas.getByRole('table', { name: 'Subscribers' }));
    await expect(subscribers.getByText('out 503 kbps')).toBeInTheDocument();
    await expect(subscribers.getByText(/Ada Lovelace/)).toBeInTheDocument();
    const orphans = within(canvas.getByRole('table', { name: 'Orphans' }));
    await expect(orphans.getByText('Not in the room')).toBeInTheDocument();
  },
};

/** Choosing a Publisher asks for that publisher and its subscribers. */
export const PublisherFilter: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await submitId(canvas, FAKE_STATE_CODE);
    await canvas.findByRole('table', { name: 'Publishers' });
    await userEvent.click(canvas.getByRole('combobox', { name: 'Publisher' }));
    await userEvent.click(await within(document.body).findByRole('option', { name: /Bob Guest/ }));
    await waitFor(() => expect(loadedInspectApi(loaded).calls.length).toBeGreaterThanOrEqual(2));
  },
};

/** A malformed id is refused before asking; an unknown one is 'Meeting Id not found'. */
export const Validation: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await submitId(canvas, '12ab');
    await expect(await canvas.findByText('Enter a valid Meeting Id')).toBeInTheDocument();
    await expect(loadedInspectApi(loaded).calls).toEqual([]);
    await submitId(canvas, '99999999999');
    await expect(await canvas.findByText('Meeting Id not found')).toBeInTheDocument();
  },
};

/** A meeting that is not running says so, with empty tables. */
export const NotRunning: Story = {
  loaders: [fakeInspectApiLoader({ state: fakeMeetingState({ running: false, mediaServer: null, startedAt: null, publisherChoices: [], publishers: [], subscribers: [], orphans: [] }) })],
  parameters: { entry: `/meeting-state?meeting=${FAKE_STATE_CODE}` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('This meeting is not running now: the media server holds nothing for it.')).toBeInTheDocument();
    await expect(canvas.getByText('There are no publishers!')).toBeInTheDocument();
    await expect(canvas.getByText('There are no subscribers!')).toBeInTheDocument();
    await expect(canvas.getByText('There are no orphans!')).toBeInTheDocument();
  },
};

/** A meeting of the traffic simulator: running, its streams answered by the simulator as a media server would. */
export const Simulated: Story = {
  loaders: [fakeInspectApiLoader({ state: fakeMeetingState({ simulated: true, mediaServer: 'simulator' }) })],
  parameters: { entry: `/meeting-state?meeting=${FAKE_STATE_CODE}` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('This meeting runs on the built-in traffic simulator: it answers for the streams below as a media server would.')).toBeInTheDocument();
    const publishers = within(canvas.getByRole('table', { name: 'Publishers' }));
    await expect(await publishers.findByText('Bob Guest')).toBeInTheDocument();
  },
};

/** No media server configured: the server's problem in words. */
export const MediaUnavailable: Story = {
  loaders: [fakeInspectApiLoader({ state: 'media_unavailable' })],
  parameters: { entry: `/meeting-state?meeting=${FAKE_STATE_CODE}` },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toBeInTheDocument();
  },
};

function translated(language: Language, title: string): Story {
  return {
    parameters: { language, entry: `/meeting-state?meeting=${FAKE_STATE_CODE}` },
    loaders: [fakeInspectApiLoader(), languageLoader(language)],
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      await expect(await canvas.findByRole('heading', { name: title, level: 2 })).toBeInTheDocument();
      await expect((await canvas.findAllByRole('table'))[0]!.closest('[dir]')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    },
  };
}

export const English = translated('en', 'Meeting State');
export const French = translated('fr', 'État de la réunion');
export const Arabic = translated('ar', 'حالة الاجتماع');
export const Uzbek = translated('uz', 'Uchrashuv holati');
