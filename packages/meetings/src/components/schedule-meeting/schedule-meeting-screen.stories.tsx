import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { Language } from '@portal/i18n';
import { defaultMeetingOptions } from '../../utils/meeting-options';
import { FAKE_PEOPLE, fakeMeeting, fakeMeetingsApiLoader, languageLoader, loadedMeetingsApi, setDate, setTime, shownTime, withMeetingsProviders } from '../../testing';
import { ScheduleMeetingScreen } from './schedule-meeting-screen';

const weekly = fakeMeeting(2, {
  topic: 'Weekly sync',
  start: '2030-04-01T08:00:00.000Z',
  timeZone: 'Europe/Paris',
  recurrence: { frequency: 'weekly', interval: 1, weekdays: ['MO'], monthDay: null, endDate: null, count: 5 },
  coHosts: [FAKE_PEOPLE[1]!],
});
/** 22:00 in Paris. */
const evening = fakeMeeting(4, { topic: 'Evening call', start: '2030-04-01T20:00:00.000Z', timeZone: 'Europe/Paris' });
const encrypted = fakeMeeting(3, { topic: 'Board meeting', endToEndEncrypted: true, recordMode: null });
const [grace, alan] = FAKE_PEOPLE;
const classroom = { name: 'Classroom', options: { ...defaultMeetingOptions(), muteOnEntry: true, screenShare: 'host' as const } };

const meta = {
  title: 'Meetings/ScheduleMeetingScreen',
  component: ScheduleMeetingScreen,
  decorators: [withMeetingsProviders],
  args: { mode: 'new' },
  parameters: { route: '/schedule-meeting' },
  loaders: [fakeMeetingsApiLoader({ meetings: [weekly, encrypted] })],
} satisfies Meta<typeof ScheduleMeetingScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);
type Canvas = ReturnType<typeof within>;


async function chooseTimeZone(canvas: Canvas, zone: string) {
  const select = canvas.getByRole('combobox', { name: /^Time zone/ });
  await userEvent.click(select);
  await userEvent.clear(select);
  await userEvent.type(select, zone);
  await userEvent.click(await body().findByRole('option', { name: zone }));
}

async function clearWeekdays(canvas: Canvas) {
  for (const day of ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']) {
    const chip = canvas.getByRole('checkbox', { name: day });
    if ((chip as HTMLInputElement).checked) await userEvent.click(chip);
  }
}

/** Every check of spec section 5 before anything is sent, word for word. */
export const ValidationMessages: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('form', { name: 'Schedule a meeting' });
    await setDate(canvas, /^Date/, '2020-01-06');
    await userEvent.type(canvas.getByRole('textbox', { name: /^Meeting password/ }), '12ab');
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Recurring meeting' }));
    await clearWeekdays(canvas);
    await userEvent.click(canvas.getByRole('radio', { name: 'By date' }));
    await setDate(canvas, 'End Date', '2020-01-01');
    await userEvent.click(canvas.getByRole('button', { name: 'Schedule' }));
    await expect(await canvas.findByText('Enter a valid topic')).toBeInTheDocument();
    await expect(canvas.getByText('Please choose an upcoming time')).toBeInTheDocument();
    await expect(canvas.getByText('Enter a valid meeting password')).toBeInTheDocument();
    await expect(canvas.getByText('Please select a day')).toBeInTheDocument();
    await expect(canvas.getByText('Cannot Choose a Pre-Date for End Date')).toBeInTheDocument();
    await expect(loadedMeetingsApi(loaded).requestsOf('addMeeting')).toHaveLength(0);
  },
};

/**
 * A weekly meeting at 10:00 in Paris on Mondays and Wednesdays, five times: 'Meeting scheduled
 * successfully'. The recurrence box opens under "Recurring meeting" only once it is ticked.
 */
export const ScheduleWeekly: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('textbox', { name: /^Topic/ }), 'Team sync');
    await setDate(canvas, /^Date/, '2030-04-01');
    await setTime(canvas, /^Time,/, '10:00');
    await chooseTimeZone(canvas, 'Europe/Paris');
    // Not recurring: the checkbox alone, no empty box under it.
    await expect(canvas.queryByRole('group', { name: 'Recurring meeting' })).toBeNull();
    const recurring = canvas.getByRole('checkbox', { name: 'Recurring meeting' });
    await userEvent.click(recurring);
    await expect(recurring).toHaveFocus();
    await expect(canvas.getByRole('group', { name: 'Recurring meeting' })).toContainElement(canvas.getByRole('checkbox', { name: 'Monday' }));
    await clearWeekdays(canvas);
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Monday' }));
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Wednesday' }));
    const count = canvas.getByRole('textbox', { name: 'Occurrences' });
    await userEvent.clear(count);
    await userEvent.type(count, '5');
    await userEvent.click(canvas.getByRole('button', { name: 'Schedule' }));
    await expect(await body().findByText('Meeting scheduled successfully')).toBeInTheDocument();
    const sent = loadedMeetingsApi(loaded).requestsOf('addMeeting')[0]?.body as Record<string, unknown>;
    await expect(sent).toMatchObject({
      kind: 'scheduled',
      topic: 'Team sync',
      start: '2030-04-01T08:00:00.000Z',
      timeZone: 'Europe/Paris',
      durationMinutes: 60,
      recurrence: { frequency: 'weekly', interval: 1, weekdays: ['MO', 'WE'], monthDay: null, endDate: null, count: 5 },
      password: null,
    });
    // Options left alone start from the meeting mode on the server.
    await expect(sent).not.toHaveProperty('options');
    await expect(await body().findByTestId('location')).toHaveTextContent('/upcoming-meetings');
  },
};

/**
 * The option toggles fold out; a changed one is sent, and the invitees go in the same request, so
 * a failed invitation never leaves a meeting behind that a second save would duplicate.
 */
export const OptionsAndInvitees: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('textbox', { name: /^Topic/ }), 'Town hall');
    await setDate(canvas, /^Date/, '2030-05-02');
    const toggle = canvas.getByRole('button', { name: 'Meeting options' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Mute on entry' }));
    await userEvent.type(canvas.getByRole('combobox', { name: /^Invite by email/ }), 'grace@example.com{enter}');
    await userEvent.click(canvas.getByRole('button', { name: 'Schedule' }));
    await expect(await body().findByText('Meeting scheduled successfully')).toBeInTheDocument();
    const api = loadedMeetingsApi(loaded);
    await expect(api.requestsOf('addMeeting')).toHaveLength(1);
    await expect(api.requestsOf('addMeeting')[0]?.body).toMatchObject({ options: { muteOnEntry: true }, invitees: ['grace@example.com'] });
    await expect(api.requestsOf('meetingInvite')).toHaveLength(0);
  },
};

/** A meeting mode fills the option toggles and is sent by name; co-hosts are found on the server by name or email. */
export const ModeAndCoHosts: Story = {
  loaders: [fakeMeetingsApiLoader({ modes: [classroom, { name: 'Webinar', options: defaultMeetingOptions() }] })],
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('textbox', { name: /^Topic/ }), 'Lesson');
    await setDate(canvas, /^Date/, '2030-05-02');
    await userEvent.click(await canvas.findByRole('combobox', { name: /^Meeting mode/ }));
    await userEvent.click(await body().findByRole('option', { name: 'Classroom' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Meeting options' }));
    await expect(canvas.getByRole('checkbox', { name: 'Mute on entry' })).toBeChecked();
    await userEvent.type(canvas.getByRole('combobox', { name: /^Co-hosts/ }), 'grace');
    const api = loadedMeetingsApi(loaded);
    // The picker lists what the server found for the typed text (after its debounce), not a list filtered in the browser.
    await waitFor(() => expect(api.requestsOf('getMeetingCoHostCandidates').some((r) => r.query.get('q') === 'grace')).toBe(true));
    await userEvent.click(await body().findByRole('option', { name: `${grace!.name} (${grace!.email})` }));
    await expect(canvas.getByText(`${grace!.name} (${grace!.email})`)).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Schedule' }));
    await expect(await body().findByText('Meeting scheduled successfully')).toBeInTheDocument();
    await expect(api.requestsOf('addMeeting')[0]?.body).toMatchObject({ meetingMode: 'Classroom', options: { muteOnEntry: true }, coHostIds: [grace!.id] });
  },
};

/** The server's field errors show on their fields in the spec's words. */
export const ServerFieldError: Story = {
  // The page's clock is a year behind the server's: only the server sees the start has passed.
  args: { now: () => new Date('2020-01-01T00:00:00Z') },
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('textbox', { name: /^Topic/ }), 'Retro');
    await setDate(canvas, /^Date/, '2021-06-01');
    await setTime(canvas, /^Time,/, '10:00');
    await userEvent.click(canvas.getByRole('button', { name: 'Schedule' }));
    await expect(await canvas.findByText('Please choose an upcoming time')).toBeInTheDocument();
    await expect(loadedMeetingsApi(loaded).requestsOf('addMeeting')).toHaveLength(1);
  },
};

/** Every occurrence: the stored meeting fills the form; an unmoved start is not sent again. */
export const EditAllOccurrences: Story = {
  args: { mode: 'edit' },
  parameters: { route: '/schedule-meeting/:meetingid', entry: `/schedule-meeting/${weekly.id}` },
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const topic = await canvas.findByRole('textbox', { name: /^Topic/ });
    await expect(topic).toHaveValue('Weekly sync');
    await expect(canvas.getByRole('textbox', { name: /^Date/ })).toHaveValue('2030-04-01');
    await expect(shownTime(canvas, /^Time,/)).toBe('10:00 AM');
    await expect(canvas.getByRole('checkbox', { name: 'Recurring meeting' })).toBeChecked();
    await expect(canvas.getByRole('checkbox', { name: 'Monday' })).toBeChecked();
    await expect(canvas.getByText(`${alan!.name} (${alan!.email})`)).toBeInTheDocument();
    await userEvent.clear(topic);
    await userEvent.type(topic, 'Weekly team sync');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(await body().findByText('Meeting edited successfully')).toBeInTheDocument();
    const sent = loadedMeetingsApi(loaded).requestsOf('updateMeeting')[0]?.body as Record<string, unknown>;
    await expect(sent).toMatchObject({ topic: 'Weekly team sync', recurrence: { frequency: 'weekly', weekdays: ['MO'], count: 5 } });
    await expect(sent).not.toHaveProperty('start');
    await expect(sent).not.toHaveProperty('coHostIds');
  },
};

/**
 * This occurrence only: topic, time and duration; the rule and the other occurrences stay. Only
 * what changed is sent, so the series' topic and duration stay the series' for this occurrence.
 */
export const EditOneOccurrence: Story = {
  args: { mode: 'occurrence' },
  parameters: {
    route: '/update-meetings',
    entry: `/update-meetings?${new URLSearchParams({ meeting: weekly.id, occurrence: '2030-04-08T08:00:00.000Z' }).toString()}`,
  },
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Edit this occurrence' })).toBeInTheDocument();
    await expect(await canvas.findByRole('textbox', { name: /^Date/ })).toHaveValue('2030-04-08');
    await expect(canvas.queryByRole('combobox', { name: /^Time zone/ })).toBeNull();
    await expect(canvas.queryByRole('checkbox', { name: 'Recurring meeting' })).toBeNull();
    await setTime(canvas, /^Time,/, '11:30');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(await body().findByText('Meeting edited successfully')).toBeInTheDocument();
    const request = loadedMeetingsApi(loaded).requestsOf('updateMeetingSchedule')[0];
    await expect(request?.path).toBe(`/meetings/${weekly.id}/occurrences/${encodeURIComponent('2030-04-08T08:00:00.000Z')}`);
    await expect(request?.body).toEqual({ start: '2030-04-08T09:30:00.000Z' });
  },
};

/**
 * With the tenant's end-to-end encryption app on: the new meeting comes back encrypted, and its full
 * link (the key this browser just made, in the fragment) is shown once before the list.
 */
export const ScheduleEncrypted: Story = {
  loaders: [fakeMeetingsApiLoader({ encrypted: true })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('textbox', { name: /^Topic/ }), 'Board meeting');
    await setDate(canvas, /^Date/, '2030-04-01');
    await userEvent.click(canvas.getByRole('button', { name: 'Schedule' }));
    const dialog = within(await body().findByRole('dialog', { name: 'End-to-end encrypted meeting' }));
    const link = dialog.getByRole<HTMLInputElement>('textbox', { name: 'Full invitation link' }).value;
    await expect(link).toMatch(/\/portal\/join\/\d+#key=[A-Za-z0-9_-]{43}$/);
    await userEvent.click(dialog.getByRole('button', { name: 'Done' }));
    await expect(await body().findByTestId('location')).toHaveTextContent('/upcoming-meetings');
  },
};

/** An encrypted meeting's record mode cannot be chosen, and the form says why. */
export const EditEncrypted: Story = {
  args: { mode: 'edit' },
  parameters: { route: '/schedule-meeting/:meetingid', entry: `/schedule-meeting/${encrypted.id}` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('textbox', { name: /^Topic/ })).toHaveValue('Board meeting');
    await expect(canvas.getByRole('combobox', { name: 'Record Mode' })).toBeDisabled();
    await expect(canvas.getByText('End-to-end encrypted meetings are never recorded or transcribed.')).toBeInTheDocument();
  },
};

/** Only the record modes the platform's recording settings enable; the new meeting is sent with the one chosen. */
export const PlatformRecordModes: Story = {
  loaders: [fakeMeetingsApiLoader({ recordModes: ['audio_only', 'audio_and_video'] })],
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('textbox', { name: /^Topic/ }), 'Recorded review');
    await setDate(canvas, /^Date/, '2030-04-01');
    const api = loadedMeetingsApi(loaded);
    await waitFor(() => expect(api.requestsOf('getMeetingModes')).toHaveLength(1));
    await userEvent.click(canvas.getByRole('combobox', { name: /^Record Mode/ }));
    // The record mode's list (the time field's AM/PM choice has options too).
    await waitFor(async () => expect(within(await body().findByRole('listbox')).getAllByRole('option').map((option) => option.textContent)).toEqual(['Audio only', 'Audio and video']));
    await userEvent.click(body().getByRole('option', { name: 'Audio only' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Schedule' }));
    await expect(await body().findByText('Meeting scheduled successfully')).toBeInTheDocument();
    await expect(api.requestsOf('addMeeting')[0]?.body).toMatchObject({ recordMode: 'audio_only' });
  },
};

/** A meeting that is not there (or not the caller's). */
export const NotFound: Story = {
  args: { mode: 'edit' },
  parameters: { route: '/schedule-meeting/:meetingid', entry: '/schedule-meeting/00000000-0000-4000-8000-999999999999' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Not found')).toBeInTheDocument();
    await waitFor(() => expect(canvas.queryByRole('form')).toBeNull());
  },
};

/** The time shows on the language's own clock, whatever the browser's: 12 h with ص and م in Arabic, 24 h in French. */
function clockIn(language: Language, label: string, shown: string): Story {
  return {
    args: { mode: 'edit' },
    parameters: { language, route: '/schedule-meeting/:meetingid', entry: `/schedule-meeting/${evening.id}` },
    loaders: [fakeMeetingsApiLoader({ meetings: [evening] }), languageLoader(language)],
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      await canvas.findByRole('form');
      await waitFor(() => expect(shownTime(canvas, new RegExp(`^${label}`))).toBe(shown));
    },
  };
}

export const ArabicClock = clockIn('ar', 'الوقت', '10:00 م');
export const FrenchClock = clockIn('fr', 'Heure', '22:00');

function translated(language: Language, texts: { title: string; topic: string; schedule: string }): Story {
  return {
    parameters: { language },
    loaders: [fakeMeetingsApiLoader(), languageLoader(language)],
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      await expect(await canvas.findByRole('heading', { name: texts.title })).toBeInTheDocument();
      await expect(canvas.getByRole('textbox', { name: new RegExp(`^${texts.topic}`) })).toBeInTheDocument();
      await expect(canvas.getByRole('button', { name: texts.schedule })).toBeInTheDocument();
    },
  };
}

export const English = translated('en', { title: 'Schedule a meeting', topic: 'Topic', schedule: 'Schedule' });
export const French = translated('fr', { title: 'Planifier une réunion', topic: 'Sujet', schedule: 'Planifier' });
export const Arabic = translated('ar', { title: 'جدولة اجتماع', topic: 'الموضوع', schedule: 'جدولة' });
export const Uzbek = translated('uz', { title: 'Uchrashuv rejalashtirish', topic: 'Mavzu', schedule: 'Rejalashtirish' });
