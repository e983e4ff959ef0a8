import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import type { Language } from '@portal/i18n';
import { FAKE_EARLIER_RUN, FAKE_STATE_CODE, fakeInspectApiLoader, languageLoader, withMeetingsProviders } from '../../testing';
import { MeetingLogScreen } from './meeting-log-screen';

const meta = {
  title: 'Meetings/MeetingLogScreen',
  component: MeetingLogScreen,
  decorators: [withMeetingsProviders],
  parameters: { route: '/meeting-log', entry: `/meeting-log?meeting=${FAKE_STATE_CODE}` },
  loaders: [fakeInspectApiLoader()],
} satisfies Meta<typeof MeetingLogScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The latest run in words and in time order; statistics samples hidden and counted. */
export const Timeline: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = within(await canvas.findByRole('table', { name: 'Meeting Log' }));
    await expect(await table.findByText('The meeting started')).toBeInTheDocument();
    await expect(table.getByText('Ada Lovelace joined')).toBeInTheDocument();
    await expect(table.getByText('Ada Lovelace published audio (opus) and video (vp8)')).toBeInTheDocument();
    await expect(table.getByText('Ada Lovelace uses Linux, Chrome 131, wifi')).toBeInTheDocument();
    await expect(table.getByText('Ada Lovelace left (hangup)')).toBeInTheDocument();
    await expect(canvas.getByText('1 statistics sample hidden.')).toBeInTheDocument();
    await expect(table.queryByText(/kbps/)).toBeNull();
  },
};

/** Statistics samples on request. */
export const WithStatistics: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('The meeting started');
    await userEvent.click(canvas.getByRole('switch', { name: 'Show statistics samples' }));
    await expect(await canvas.findByText('Ada Lovelace: video in 520 kbps, out 500 kbps, 0.5 % lost, jitter 4 ms, round trip 20 ms')).toBeInTheDocument();
  },
};

/** A meeting that never ran, and a meeting id nobody has. */
export const NeverRan: Story = {
  loaders: [fakeInspectApiLoader({ events: null })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('This meeting has not run yet.')).toBeInTheDocument();
    const input = canvas.getByRole('textbox', { name: /^Meeting ID/ });
    await userEvent.clear(input);
    await userEvent.type(input, '12345678901');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expect(await canvas.findByText('Meeting Id not found')).toBeInTheDocument();
  },
};

/** A run with no events. */
export const Empty: Story = {
  loaders: [fakeInspectApiLoader({ events: [] })],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('There are no events!')).toBeInTheDocument();
  },
};

/** A link to one run (Feedback links each rating to the run it rates): that run is the one shown. */
export const LinkedRun: Story = {
  parameters: { entry: `/meeting-log?meeting=${FAKE_STATE_CODE}&session=${FAKE_EARLIER_RUN}` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('The meeting started');
    await userEvent.click(canvas.getByRole('combobox', { name: 'Run of the meeting' }));
    // Newest run first: the linked run is the earlier, second one.
    const runs = within(await within(document.body).findByRole('listbox')).getAllByRole('option');
    await expect(runs).toHaveLength(2);
    await expect(runs[1]).toHaveAttribute('aria-selected', 'true');
    await expect(runs[0]).toHaveAttribute('aria-selected', 'false');
  },
};

/** A link whose run is not one of the meeting's: said so, and the latest run is one click away. */
export const UnknownRun: Story = {
  parameters: { entry: `/meeting-log?meeting=${FAKE_STATE_CODE}&session=00000000-0000-4000-8000-000000000099` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent("The run in this link is not one of this meeting's runs.");
    await expect(canvas.queryByText('Enter a valid Meeting Id')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Show the latest run' }));
    await expect(await canvas.findByText('The meeting started')).toBeInTheDocument();
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

function translated(language: Language, texts: { title: string; started: string }): Story {
  return {
    parameters: { language },
    loaders: [fakeInspectApiLoader(), languageLoader(language)],
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      await expect(await canvas.findByRole('heading', { name: texts.title, level: 2 })).toBeInTheDocument();
      await expect(await canvas.findByText(texts.started)).toBeInTheDocument();
      await expect(canvas.getByRole('table').closest('[dir]')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    },
  };
}

export const English = translated('en', { title: 'Meeting Log', started: 'The meeting started' });
export const French = translated('fr', { title: 'Journal de la réunion', started: 'La réunion a commencé' });
export const Arabic = translated('ar', { title: 'سجل الاجتماع', started: 'بدأ الاجتماع' });
export const Uzbek = translated('uz', { title: 'Uchrashuv jurnali', started: 'Uchrashuv boshlandi' });
