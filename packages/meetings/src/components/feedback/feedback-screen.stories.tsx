import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import type { Language } from '@portal/i18n';
import { fakeFeedback, fakeInspectApiLoader, loadedInspectApi, translatedListStory, withMeetingsProviders } from '../../testing';
import { FeedbackScreen } from './feedback-screen';

const today = new Date('2030-06-30T12:00:00Z');
const feedback = [
  fakeFeedback(1, { participantName: 'Ada Lovelace', rating: 5, suggestion: 'Great call', createdAt: '2030-06-25T10:00:00Z' }),
  fakeFeedback(2, {
    participantName: 'Bob Guest',
    rating: 2,
    meetingCode: '41555509999',
    topic: 'Shaky call',
    videoIssues: ['frozen'],
    audioIssues: ['echo', 'choppy'],
    sessionFlagged: true,
    screenShare: true,
    participant: { ...fakeFeedback(2).participant, flagged: true },
    createdAt: '2030-06-26T10:00:00Z',
  }),
];

const meta = {
  title: 'Meetings/FeedbackScreen',
  component: FeedbackScreen,
  decorators: [withMeetingsProviders],
  args: { today },
  parameters: { route: '/feedback' },
  loaders: [fakeInspectApiLoader({ feedback })],
} satisfies Meta<typeof FeedbackScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The table with the spec's columns and indicators, the meeting cards and the flagged comparison. */
export const WithData: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = within(await canvas.findByRole('table', { name: 'Feedback' }));
    await expect(await table.findByText('Great call')).toBeInTheDocument();
    for (const header of ['Participant Name', 'Rating', 'Suggestion', 'Start Time', 'Video', 'Screen Share', 'Audio Bridge', 'Recording', 'Issues']) {
      await expect(table.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    await expect(table.getAllByRole('img', { name: 'Recording: yes' })).toHaveLength(2);
    await expect(table.getAllByRole('img', { name: 'Audio Bridge: no' })).toHaveLength(2);
    await expect(canvas.getByRole('region', { name: 'Meeting 41555509999' })).toHaveTextContent('Call quality flagged');
    await expect(canvas.getByText(/Meetings with call-quality alerts: 2 \(1 ratings\); without: 5\./)).toBeInTheDocument();
    // The meeting id opens the log of the run that was rated.
    const log = table.getByRole('link', { name: 'Meeting Log of meeting 41555509999' });
    await expect(log).toHaveTextContent('41555509999');
    await expect(log.getAttribute('href')).toMatch(/\/meeting-log\?meeting=41555509999&session=00000000-0000-4000-8000-000000000001$/);
  },
};

/** Issues opens the breakdown, or says 'No issues'; the name opens the participant detail. */
export const IssuesAndDetail: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(document.body);
    await userEvent.click(await canvas.findByRole('button', { name: 'Issues of Bob Guest' }));
    const issues = within(await body.findByRole('dialog', { name: 'Issues' }));
    await expect(issues.getByText('Frozen video')).toBeInTheDocument();
    await expect(issues.getByText('Echo')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(canvas.getByRole('button', { name: 'Issues of Ada Lovelace' }));
    await expect(within(await body.findByRole('dialog', { name: 'Issues' })).getByText('No issues')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(canvas.getByRole('button', { name: 'Bob Guest' }));
    const detail = within(await body.findByRole('dialog', { name: 'Participant: Bob Guest' }));
    for (const label of ['Version', 'Speaker', 'Mic', 'IP', 'Network', 'Camera', 'Start Time']) await expect(detail.getByRole('rowheader', { name: label })).toBeInTheDocument();
    await expect(detail.getByText('203.0.113.7')).toBeInTheDocument();
    await expect(detail.getByText('Call quality flagged')).toBeInTheDocument();
  },
};

/** One meeting, from the Completed meetings screen's Feedback action. */
export const OneMeeting: Story = {
  parameters: { entry: '/feedback?meeting=41555509999' },
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Meeting 41555509999')).toBeInTheDocument();
    await expect(loadedInspectApi(loaded).calls).toContain('getFeedback');
  },
};

/** Nothing in the period: 'There are no feedbacks!'. */
export const Empty: Story = {
  loaders: [fakeInspectApiLoader({ feedback: [] })],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('There are no feedbacks!')).toBeInTheDocument();
  },
};

/** A failed load. */
export const LoadError: Story = {
  loaders: [fakeInspectApiLoader({ failing: ['getFeedback'] })],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Failed, Try Again..!!')).toBeInTheDocument();
  },
};

const translated = (language: Language, texts: { title: string; empty: string }): Story => translatedListStory(language, fakeInspectApiLoader({ feedback: [] }), texts);

export const English = translated('en', { title: 'Feedback', empty: 'There are no feedbacks!' });
export const French = translated('fr', { title: 'Avis', empty: 'Il n’y a aucun avis !' });
export const Arabic = translated('ar', { title: 'الملاحظات', empty: 'لا توجد ملاحظات!' });
export const Uzbek = translated('uz', { title: 'Fikr-mulohazalar', empty: 'Fikr-mulohazalar yoʻq!' });
