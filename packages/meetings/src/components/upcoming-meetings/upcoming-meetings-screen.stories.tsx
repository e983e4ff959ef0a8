import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { Language } from '@portal/i18n';
import { FAKE_INVITATION_TEXT, fakeMeeting, fakeMeetingsApiLoader, installFakeClipboard, languageLoader, loadedMeetingsApi, withMeetingsProviders } from '../../testing';
import { rememberMeetingKey } from '../../utils/e2ee-key';
import { UpcomingMeetingsScreen } from './upcoming-meetings-screen';

const DAY = 86_400_000;
const review = fakeMeeting(1, { topic: 'Design review', meetingId: '80000000001' });
const weekly = fakeMeeting(2, {
  topic: 'Weekly sync',
  meetingId: '80000000002',
  start: new Date(Date.now() + 2 * DAY).toISOString(),
  recurrence: { frequency: 'weekly', interval: 1, weekdays: ['MO'], monthDay: null, endDate: null, count: 3 },
});
const open = fakeMeeting(3, { topic: 'Drop-in help', kind: 'open' });

const meta = {
  title: 'Meetings/UpcomingMeetingsScreen',
  component: UpcomingMeetingsScreen,
  decorators: [withMeetingsProviders],
  parameters: { route: '/upcoming-meetings' },
  loaders: [fakeMeetingsApiLoader({ meetings: [review, weekly, open] })],
} satisfies Meta<typeof UpcomingMeetingsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

async function loadedTable(canvasElement: HTMLElement) {
  const table = await within(canvasElement).findByRole('table', { name: 'Upcoming meetings' });
  await waitFor(() => expect(table).not.toHaveAttribute('aria-busy', 'true'));
  await within(table).findByRole('cell', { name: '80000000001' });
  return within(table);
}

const rowOf = (cell: HTMLElement) => within(cell.closest('tr')!);

/** The spec's columns; each occurrence of a recurring meeting is a row of its own; open meetings are not listed. */
export const WithData: Story = {
  play: async ({ canvasElement }) => {
    const table = await loadedTable(canvasElement);
    for (const header of ['Meeting ID', 'Topic', 'Time', 'Actions']) {
      await expect(table.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    await expect(table.getAllByRole('cell', { name: /^Weekly sync/ })).toHaveLength(3);
    await expect(table.getAllByText('Recurring')).toHaveLength(3);
    await expect(table.queryByText('Drop-in help')).toBeNull();
    const row = rowOf(table.getByRole('cell', { name: '80000000001' }));
    for (const action of ['Start', 'Copy', 'Edit', 'Invite', 'Delete']) await expect(row.getByRole('button', { name: action })).toBeInTheDocument();
    await expect(within(canvasElement).getByRole('link', { name: 'Schedule a meeting' })).toHaveAttribute('href', '/schedule-meeting');
  },
};

/** Nothing scheduled. */
export const Empty: Story = {
  loaders: [fakeMeetingsApiLoader({ meetings: [] })],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('There are no upcoming meetings!')).toBeInTheDocument();
  },
};

/** A failed load: the generic failure text and a retry. */
export const LoadError: Story = {
  loaders: [fakeMeetingsApiLoader({ meetings: [review], failing: ['getMeetingSchedules'] })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Failed, Try Again..!!')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  },
};

/** Search goes to the server. */
export const Search: Story = {
  play: async ({ canvasElement, loaded }) => {
    const table = await loadedTable(canvasElement);
    await userEvent.type(within(canvasElement).getByRole('searchbox'), 'design{enter}');
    await waitFor(() => expect(table.queryByRole('cell', { name: /^Weekly sync/ })).toBeNull());
    await expect(table.getByRole('cell', { name: '80000000001' })).toBeInTheDocument();
    await expect(loadedMeetingsApi(loaded).requestsOf('getMeetingSchedules').at(-1)?.query.get('q')).toBe('design');
  },
};

/** Start opens the meeting's join link in a new tab. */
export const Start: Story = {
  beforeEach: () => {
    const original = window.open;
    window.open = fn();
    return () => {
      window.open = original;
    };
  },
  play: async ({ canvasElement }) => {
    const table = await loadedTable(canvasElement);
    await userEvent.click(rowOf(table.getByRole('cell', { name: '80000000001' })).getByRole('button', { name: 'Start' }));
    await expect(window.open).toHaveBeenCalledWith(review.joinUrl, '_blank', 'noopener,noreferrer');
  },
};

/** Copy puts the server's invitation text on the clipboard: 'meeting invite copied'. */
export const Copy: Story = {
  play: async ({ canvasElement, loaded }) => {
    const clipboard = installFakeClipboard();
    const table = await loadedTable(canvasElement);
    await userEvent.click(rowOf(table.getByRole('cell', { name: '80000000001' })).getByRole('button', { name: 'Copy' }));
    await expect(await body().findByText('meeting invite copied')).toBeInTheDocument();
    await expect(clipboard.text()).toContain(FAKE_INVITATION_TEXT);
    await expect(loadedMeetingsApi(loaded).requestsOf('getMeetingInvitationText')[0]?.path).toBe(`/meetings/${review.id}/invitation-text`);
  },
};

const secret = fakeMeeting(4, { topic: 'Board secrets', meetingId: '80000000004', endToEndEncrypted: true, recordMode: null });
const SECRET_KEY = 'q8vL0cJ2c4m3Z8s9kV1hQeWm7yTn5bXo2Ru6gAfD0Pk';

/**
 * An end-to-end encrypted meeting scheduled in this browser: marked in the list, and Start and Copy
 * carry the key this browser keeps in the link's fragment.
 */
export const Encrypted: Story = {
  loaders: [fakeMeetingsApiLoader({ meetings: [review, secret] })],
  beforeEach: () => {
    const original = window.open;
    window.open = fn();
    rememberMeetingKey(secret.id, SECRET_KEY);
    return () => {
      window.open = original;
      localStorage.removeItem(`portal.e2ee.${secret.id}`);
    };
  },
  play: async ({ canvasElement }) => {
    const clipboard = installFakeClipboard();
    const table = await loadedTable(canvasElement);
    const row = rowOf(table.getByRole('cell', { name: '80000000004' }));
    await expect(row.getByText('End-to-end encrypted')).toBeInTheDocument();
    await expect(rowOf(table.getByRole('cell', { name: '80000000001' })).queryByText('End-to-end encrypted')).toBeNull();
    await userEvent.click(row.getByRole('button', { name: 'Start' }));
    await expect(window.open).toHaveBeenCalledWith(`${secret.joinUrl}#key=${SECRET_KEY}`, '_blank', 'noopener,noreferrer');
    await userEvent.click(row.getByRole('button', { name: 'Copy' }));
    await expect(await body().findByText('meeting invite copied')).toBeInTheDocument();
    await expect(clipboard.text()).toContain(`Join: ${secret.joinUrl}#key=${SECRET_KEY}`);
  },
};

/** Edit of a single meeting opens its Schedule screen. */
export const EditSingle: Story = {
  play: async ({ canvasElement }) => {
    const table = await loadedTable(canvasElement);
    await userEvent.click(rowOf(table.getByRole('cell', { name: '80000000001' })).getByRole('button', { name: 'Edit' }));
    await expect(await body().findByTestId('location')).toHaveTextContent(`/schedule-meeting/${review.id}`);
  },
};

/** Edit of a recurring meeting asks first: this occurrence opens the single-occurrence editor. */
export const EditOneOccurrence: Story = {
  play: async ({ canvasElement }) => {
    const table = await loadedTable(canvasElement);
    const second = table.getAllByRole('cell', { name: /^Weekly sync/ })[1]!;
    await userEvent.click(rowOf(second).getByRole('button', { name: 'Edit' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Edit recurring meeting' }));
    await userEvent.click(dialog.getByRole('button', { name: 'This occurrence' }));
    const location = await body().findByTestId('location');
    const originalStart = new Date(Date.parse(weekly.start) + 7 * DAY).toISOString();
    await expect(location).toHaveTextContent(`/update-meetings?${new URLSearchParams({ meeting: weekly.id, occurrence: originalStart }).toString()}`);
  },
};

/** Invite checks the addresses, sends, and offers the .ics download. */
export const Invite: Story = {
  play: async ({ canvasElement, loaded }) => {
    const table = await loadedTable(canvasElement);
    await userEvent.click(rowOf(table.getByRole('cell', { name: '80000000001' })).getByRole('button', { name: 'Invite' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Invite to meeting' }));
    await expect(dialog.getByRole('button', { name: 'Download .ics' })).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Invite' }));
    await expect(await dialog.findByText('This field is required')).toBeInTheDocument();
    const emails = dialog.getByRole('combobox', { name: /^Emails/ });
    await userEvent.type(emails, 'grace@example{enter}');
    await userEvent.click(dialog.getByRole('button', { name: 'Invite' }));
    await expect(await dialog.findByText('Enter a valid email')).toBeInTheDocument();
    // Backspace in the empty box removes the last address.
    await userEvent.type(emails, '{backspace}');
    await userEvent.type(emails, 'grace@example.com{enter}alan@example.com{enter}');
    await userEvent.click(dialog.getByRole('button', { name: 'Invite' }));
    await expect(await body().findByText('invitation sent successfully')).toBeInTheDocument();
    await expect(loadedMeetingsApi(loaded).requestsOf('meetingInvite')[0]?.body).toEqual({ emails: ['grace@example.com', 'alan@example.com'] });
  },
};

/** Delete of a recurring meeting: this occurrence only, by default. */
export const DeleteOneOccurrence: Story = {
  play: async ({ canvasElement, loaded }) => {
    const table = await loadedTable(canvasElement);
    await userEvent.click(rowOf(table.getAllByRole('cell', { name: /^Weekly sync/ })[0]!).getByRole('button', { name: 'Delete' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Delete meeting' }));
    await expect(dialog.getByText('Are you sure you want to delete the meeting ?')).toBeInTheDocument();
    await expect(dialog.getByRole('radio', { name: 'This occurrence' })).toBeChecked();
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    await expect(await body().findByText('meeting deleted')).toBeInTheDocument();
    await waitFor(() => expect(table.getAllByRole('cell', { name: /^Weekly sync/ })).toHaveLength(2));
    await expect(loadedMeetingsApi(loaded).requestsOf('deleteMeeting')[0]?.query.get('occurrence')).toBe(new Date(weekly.start).toISOString());
  },
};

/** Delete of every occurrence removes the whole series. */
export const DeleteAllOccurrences: Story = {
  play: async ({ canvasElement, loaded }) => {
    const table = await loadedTable(canvasElement);
    await userEvent.click(rowOf(table.getAllByRole('cell', { name: /^Weekly sync/ })[0]!).getByRole('button', { name: 'Delete' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Delete meeting' }));
    await userEvent.click(dialog.getByRole('radio', { name: 'All occurrences' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    await expect(await body().findByText('meeting deleted')).toBeInTheDocument();
    await waitFor(() => expect(table.queryByRole('cell', { name: /^Weekly sync/ })).toBeNull());
    await expect(loadedMeetingsApi(loaded).requestsOf('deleteMeeting')[0]?.query.has('occurrence')).toBe(false);
  },
};

function translated(language: Language, texts: { title: string; schedule: string; empty: string }): Story {
  return {
    parameters: { language },
    loaders: [fakeMeetingsApiLoader({ meetings: [] }), languageLoader(language)],
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      await expect(await canvas.findByText(texts.empty)).toBeInTheDocument();
      await expect(canvas.getByRole('heading', { name: texts.title })).toBeInTheDocument();
      await expect(canvas.getByRole('link', { name: texts.schedule })).toBeInTheDocument();
      await expect(canvas.getByRole('table').closest('[dir]')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    },
  };
}

export const English = translated('en', { title: 'Upcoming meetings', schedule: 'Schedule a meeting', empty: 'There are no upcoming meetings!' });
export const French = translated('fr', { title: 'Réunions à venir', schedule: 'Planifier une réunion', empty: 'Il n’y a aucune réunion à venir !' });
export const Arabic = translated('ar', { title: 'الاجتماعات القادمة', schedule: 'جدولة اجتماع', empty: 'لا توجد اجتماعات قادمة!' });
export const Uzbek = translated('uz', { title: 'Kelgusi uchrashuvlar', schedule: 'Uchrashuv rejalashtirish', empty: 'Kelgusi uchrashuvlar yoʻq!' });
