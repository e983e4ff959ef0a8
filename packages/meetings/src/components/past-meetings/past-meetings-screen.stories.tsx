import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import type { Language } from '@portal/i18n';
import { fakeMeetingsApiLoader, fakePastOccurrence, loadedMeetingsApi, setDate, translatedListStory, withMeetingsProviders } from '../../testing';
import { PastMeetingsScreen } from './past-meetings-screen';

const today = new Date('2030-06-30T12:00:00Z');
const past = [fakePastOccurrence(1, new Date('2030-06-20T08:00:00Z'), { topic: 'Budget review' }), fakePastOccurrence(2, new Date('2030-04-02T08:00:00Z'), { topic: 'Kick-off' })];

const meta = {
  title: 'Meetings/PastMeetingsScreen',
  component: PastMeetingsScreen,
  decorators: [withMeetingsProviders],
  args: { today },
  parameters: { route: '/past-meetings' },
  loaders: [fakeMeetingsApiLoader({ past })],
} satisfies Meta<typeof PastMeetingsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The last 30 days by default, with the spec's columns. */
export const WithData: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const table = within(await canvas.findByRole('table', { name: 'Past meetings' }));
    await expect(await table.findByText('Budget review')).toBeInTheDocument();
    for (const header of ['Meeting ID', 'Topic', 'Start Time', 'End Time']) await expect(table.getByRole('columnheader', { name: header })).toBeInTheDocument();
    await expect(table.queryByText('Kick-off')).toBeNull();
    const query = loadedMeetingsApi(loaded).requestsOf('userCompletedMeetings')[0]?.query;
    await expect(query?.get('to')).toBe('2030-06-30');
    await expect(query?.get('from')).toBe('2030-05-31');
  },
};

/** A wider period brings older meetings; an end before the start is refused in the spec's words. */
export const DateRange: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Budget review');
    await setDate(canvas, 'Start Date', '2030-04-01');
    await expect(await canvas.findByText('Kick-off')).toBeInTheDocument();
    const api = loadedMeetingsApi(loaded);
    const calls = api.requestsOf('userCompletedMeetings').length;
    await setDate(canvas, 'End Date', '2030-03-01');
    await expect(await canvas.findByText('Cannot Choose a Pre-Date for End Date')).toBeInTheDocument();
    await expect(canvas.getByText('There are no past meetings for this period!')).toBeInTheDocument();
    await waitFor(() => expect(api.requestsOf('userCompletedMeetings')).toHaveLength(calls));
  },
};

/** Nothing in the period: the spec's empty text. */
export const Empty: Story = {
  loaders: [fakeMeetingsApiLoader({ past: [] })],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('There are no past meetings for this period!')).toBeInTheDocument();
  },
};

/** A failed load. */
export const LoadError: Story = {
  loaders: [fakeMeetingsApiLoader({ past, failing: ['userCompletedMeetings'] })],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Failed, Try Again..!!')).toBeInTheDocument();
  },
};

const translated = (language: Language, texts: { title: string; empty: string }): Story => translatedListStory(language, fakeMeetingsApiLoader({ past: [] }), texts);

export const English = translated('en', { title: 'Past meetings', empty: 'There are no past meetings for this period!' });
export const French = translated('fr', { title: 'Réunions passées', empty: 'Il n’y a aucune réunion passée pour cette période !' });
export const Arabic = translated('ar', { title: 'الاجتماعات السابقة', empty: 'لا توجد اجتماعات سابقة لهذه الفترة!' });
export const Uzbek = translated('uz', { title: 'Oʻtgan uchrashuvlar', empty: 'Bu davr uchun oʻtgan uchrashuvlar yoʻq!' });
