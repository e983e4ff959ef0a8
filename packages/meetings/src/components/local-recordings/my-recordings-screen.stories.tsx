import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { Language } from '@portal/i18n';
import { fakeLocalRecording, fakeLocalRecordingsApiLoader, loadedLocalRecordingsApi, setDate, translatedListStory, withMeetingsProviders } from '../../testing';
import { MyRecordingsScreen } from './my-recordings-screen';

const today = new Date('2030-06-30T12:00:00Z');
const recordings = [
  fakeLocalRecording(3, { topic: 'Customer call', computerName: 'LAPTOP-ANNA', fileSize: 1_500_000 }),
  fakeLocalRecording(2, { topic: 'Design review', computerName: 'STUDIO-PC', meetingId: '' }),
  fakeLocalRecording(1, { topic: 'Old workshop', recordedAt: '2030-04-02T08:00:00.000Z' }),
];

const meta = {
  title: 'Meetings/MyRecordingsScreen',
  component: MyRecordingsScreen,
  decorators: [withMeetingsProviders],
  args: { today },
  parameters: { route: '/recordings' },
  loaders: [fakeLocalRecordingsApiLoader({ recordings })],
} satisfies Meta<typeof MyRecordingsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The member's uploads of the last 30 days with the spec's columns and an Upload button. */
export const WithData: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const table = within(await canvas.findByRole('table', { name: 'Recordings' }));
    await expect(await table.findByText('Customer call')).toBeInTheDocument();
    for (const header of ['Topic', 'Meeting ID', 'Date & Time', 'Computer Name', 'File Size']) {
      await expect(table.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    await expect(table.getByText('STUDIO-PC')).toBeInTheDocument();
    await expect(table.getByText('1.5 MB')).toBeInTheDocument();
    await expect(table.queryByText('Old workshop')).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Upload' })).toBeInTheDocument();
    const query = loadedLocalRecordingsApi(loaded).requestsOf('getMyRecordings')[0]?.query;
    await expect(query?.get('from')).toBe('2030-05-31');
  },
};

/** A wider period and a search by computer name. */
export const PeriodAndSearch: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Customer call');
    await setDate(canvas, 'Start Date', '2030-04-01');
    await expect(await canvas.findByText('Old workshop')).toBeInTheDocument();
    await userEvent.type(canvas.getByRole('searchbox'), 'studio');
    await waitFor(() => expect(canvas.queryByText('Customer call')).toBeNull());
    await expect(canvas.getByText('Design review')).toBeInTheDocument();
  },
};

/** Upload opens the dialog, which asks for the file and the spec's details before it starts. */
export const UploadDialog: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Customer call');
    await userEvent.click(canvas.getByRole('button', { name: 'Upload' }));
    const body = within(canvasElement.ownerDocument.body);
    const dialog = within(await body.findByRole('dialog', { name: 'Upload a recording' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Upload' }));
    await expect(await dialog.findByText('Choose a recording file')).toBeInTheDocument();
    await expect(dialog.getByText('Enter the topic')).toBeInTheDocument();
    await expect(dialog.getByText('Enter the computer name')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(body.queryByRole('dialog', { name: 'Upload a recording' })).toBeNull());
  },
};

/** Nothing in the period: the spec's empty text. */
export const Empty: Story = {
  loaders: [fakeLocalRecordingsApiLoader({ recordings: [] })],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('There are no recordings for this period!')).toBeInTheDocument();
  },
};

/** A failed load. */
export const LoadError: Story = {
  loaders: [fakeLocalRecordingsApiLoader({ recordings, failing: ['getMyRecordings'] })],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Failed, Try Again..!!')).toBeInTheDocument();
  },
};

const translated = (language: Language, texts: { title: string; empty: string }): Story => translatedListStory(language, fakeLocalRecordingsApiLoader({ recordings: [] }), texts);

export const English = translated('en', { title: 'Recordings', empty: 'There are no recordings for this period!' });
export const French = translated('fr', { title: 'Enregistrements', empty: 'Il n’y a aucun enregistrement pour cette période !' });
export const Arabic = translated('ar', { title: 'التسجيلات', empty: 'لا توجد تسجيلات لهذه الفترة!' });
export const Uzbek = translated('uz', { title: 'Yozuvlar', empty: 'Bu davr uchun yozuvlar yoʻq!' });
