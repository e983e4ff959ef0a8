// The Schedule meeting form's values, their checks (spec section 5, word for word) and the API
// bodies built from them, in its three modes: a new meeting, every occurrence of one, or one
// occurrence of a recurring meeting.
import type { I18n } from '@lingui/core';
import { validationMessages } from '@portal/i18n';
import type { MeetingCreate } from '../../api/meetings/add-meeting';
import type { Meeting } from '../../api/meetings/get-meeting';
import type { MeetingUpdate } from '../../api/meetings/update-meeting';
import type { OccurrenceUpdate } from '../../api/meetings/update-meeting-schedule';
import type { RecordingMode, Weekday } from '../../utils/meeting-labels';
import { defaultMeetingOptions, type MeetingOptions } from '../../utils/meeting-options';
import { browserTimeZone, instantToZoned, isTimeZone, zonedToInstant } from '../../utils/zoned-time';

export type ScheduleMode = 'new' | 'edit' | 'occurrence';
export type Frequency = 'daily' | 'weekly' | 'monthly';

export type ScheduleValues = {
  topic: string;
  description: string;
  /** YYYY-MM-DD on the meeting zone's calendar. */
  date: string | null;
  /** HH:mm on the meeting zone's clocks. */
  time: string;
  durationMinutes: string;
  timeZone: string;
  password: string;
  recordMode: RecordingMode | null;
  /** An open meeting: anyone with the link may join at any time until it ends. */
  open: boolean;
  phoneBridge: boolean;
  recurring: boolean;
  frequency: Frequency;
  interval: number;
  weekdays: Weekday[];
  monthDay: number;
  endKind: 'date' | 'count';
  endDate: string | null;
  count: number;
  /** The meeting mode whose options filled the toggles; null: none chosen. */
  meetingMode: string | null;
  options: MeetingOptions;
  /** Users of the tenant who may run the meeting too. */
  coHostIds: string[];
  /** New meetings: people to invite by email, sent with the meeting (the server mails them as it creates it). */
  invitees: string[];
};

export const DURATIONS = [15, 30, 45, 60, 90, 120, 180, 240, 480] as const;
const WEEKDAY_OF_UTC_DAY: readonly Weekday[] = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

const weekdayOf = (date: string): Weekday => WEEKDAY_OF_UTC_DAY[new Date(`${date}T00:00:00Z`).getUTCDay()] ?? 'MO';

/** A new meeting: the next whole hour in the browser's zone, 60 minutes, not recurring. */
export function newScheduleValues(now: Date = new Date(), timeZone: string = browserTimeZone()): ScheduleValues {
  const nextHour = new Date(Math.ceil((now.getTime() + 60_000) / 3_600_000) * 3_600_000);
  const { date, time } = instantToZoned(nextHour, timeZone);
  return {
    topic: '',
    description: '',
    date,
    time,
    durationMinutes: '60',
    timeZone,
    password: '',
    recordMode: null,
    open: false,
    phoneBridge: false,
    recurring: false,
    frequency: 'weekly',
    interval: 1,
    weekdays: [weekdayOf(date)],
    monthDay: Number(date.slice(8, 10)),
    endKind: 'count',
    endDate: null,
    count: 10,
    meetingMode: null,
    options: defaultMeetingOptions(),
    coHostIds: [],
    invitees: [],
  };
}

/** The form showing a stored meeting; with `occurrence` (its originalStart) that occurrence as it now is. */
export function valuesOfMeeting(meeting: Meeting, occurrence?: string): ScheduleValues {
  const exception = occurrence ? meeting.exceptions.find((e) => e.originalStart === occurrence) : undefined;
  const start = exception?.start ?? occurrence ?? meeting.start;
  const { date, time } = instantToZoned(start, meeting.timeZone);
  const rule = meeting.recurrence;
  return {
    topic: exception?.topic ?? meeting.topic,
    description: meeting.description ?? '',
    date,
    time,
    durationMinutes: String(exception?.durationMinutes ?? meeting.durationMinutes),
    timeZone: meeting.timeZone,
    password: meeting.password ?? '',
    recordMode: meeting.recordMode,
    open: meeting.kind === 'open',
    phoneBridge: meeting.phoneBridge,
    recurring: rule !== null,
    frequency: rule?.frequency ?? 'weekly',
    interval: rule?.interval ?? 1,
    weekdays: rule?.weekdays ?? [weekdayOf(date)],
    monthDay: rule?.monthDay ?? Number(date.slice(8, 10)),
    endKind: rule?.endDate ? 'date' : 'count',
    endDate: rule?.endDate ?? null,
    count: rule?.count ?? 10,
    meetingMode: meeting.meetingMode,
    options: meeting.options,
    coHostIds: meeting.coHosts.map((person) => person.id),
    invitees: [],
  };
}

const startOf = (values: ScheduleValues) => zonedToInstant(values.date ?? '', values.time, values.timeZone);

export const startChanged = (values: ScheduleValues, initial: ScheduleValues) =>
  values.date !== initial.date || values.time !== initial.time || values.timeZone !== initial.timeZone;

/**
 * The form's checks. The start must be upcoming when it is new or moved; a stored start left
 * alone (a series that began last month) is not asked to move.
 */
export function scheduleValidation(i18n: I18n, mode: ScheduleMode, initial: ScheduleValues, now: () => Date = () => new Date()) {
  const inSeries = (values: ScheduleValues) => mode !== 'occurrence' && values.recurring;
  return {
    topic: (value: string) => (value.trim().length > 0 && value.trim().length <= 200 ? null : i18n._(validationMessages.topic)),
    password: (value: string, values: ScheduleValues) => {
      if (mode === 'occurrence') return null;
      if (value === '') return values.options.meetingPassword ? i18n._(validationMessages.meetingPassword) : null;
      return /^[0-9]{6,10}$/.test(value) ? null : i18n._(validationMessages.meetingPassword);
    },
    timeZone: (value: string) => (isTimeZone(value) ? null : i18n._(validationMessages.required)),
    date: (value: string | null, values: ScheduleValues) => {
      if (!value || !/^\d{2}:\d{2}$/.test(values.time)) return i18n._(validationMessages.upcomingTime);
      if (mode !== 'new' && !startChanged(values, initial)) return null;
      return startOf(values).getTime() > now().getTime() ? null : i18n._(validationMessages.upcomingTime);
    },
    weekdays: (value: Weekday[], values: ScheduleValues) =>
      inSeries(values) && values.frequency === 'weekly' && value.length === 0 ? i18n._(validationMessages.selectDay) : null,
    endDate: (value: string | null, values: ScheduleValues) => {
      if (!inSeries(values) || values.endKind !== 'date') return null;
      if (!value) return i18n._(validationMessages.required);
      return values.date && value < values.date ? i18n._(validationMessages.endBeforeStart) : null;
    },
    interval: (value: number, values: ScheduleValues) => (inSeries(values) && !(Number.isInteger(value) && value >= 1 && value <= 99) ? i18n._(validationMessages.value) : null),
    count: (value: number, values: ScheduleValues) =>
      inSeries(values) && values.endKind === 'count' && !(Number.isInteger(value) && value >= 1 && value <= 365) ? i18n._(validationMessages.value) : null,
  };
}

function recurrenceOf(values: ScheduleValues): MeetingCreate['recurrence'] {
  if (!values.recurring) return null;
  return {
    frequency: values.frequency,
    interval: values.interval,
    weekdays: values.frequency === 'weekly' ? values.weekdays : null,
    monthDay: values.frequency === 'monthly' ? values.monthDay : null,
    endDate: values.endKind === 'date' ? values.endDate : null,
    count: values.endKind === 'count' ? values.count : null,
  };
}

const sameOptions = (a: MeetingOptions, b: MeetingOptions) => JSON.stringify(a) === JSON.stringify(b);

const sameIds = (a: readonly string[], b: readonly string[]) => JSON.stringify([...a].sort()) === JSON.stringify([...b].sort());

/**
 * A new meeting. Options go only when the person changed them (choosing a meeting mode fills
 * them): otherwise the server starts them from the first meeting mode of the meeting settings.
 */
export function createBody(values: ScheduleValues, initial: ScheduleValues): MeetingCreate {
  const modeChosen = values.meetingMode !== initial.meetingMode;
  return {
    kind: values.open ? 'open' : 'scheduled',
    topic: values.topic.trim(),
    description: values.description.trim() || null,
    start: startOf(values).toISOString(),
    durationMinutes: Number(values.durationMinutes),
    timeZone: values.timeZone,
    recurrence: values.open ? null : recurrenceOf(values),
    password: values.password || null,
    recordMode: values.recordMode,
    phoneBridge: values.phoneBridge,
    ...(modeChosen ? { meetingMode: values.meetingMode } : {}),
    ...(modeChosen || !sameOptions(values.options, initial.options) ? { options: values.options } : {}),
    ...(sameIds(values.coHostIds, initial.coHostIds) ? {} : { coHostIds: values.coHostIds }),
    ...(values.invitees.length > 0 ? { invitees: [...new Set(values.invitees.map((email) => email.trim().toLowerCase()))] } : {}),
  };
}

/** Every occurrence: the start only when it moved, so a series already under way keeps its first date. */
export function updateBody(values: ScheduleValues, initial: ScheduleValues): MeetingUpdate {
  const { kind: _kind, start, options, invitees: _invitees, ...rest } = createBody(values, initial);
  return { ...rest, ...(startChanged(values, initial) ? { start } : {}), ...(options ? { options } : {}), recurrence: values.open ? null : recurrenceOf(values) };
}

/**
 * This occurrence only: what changed of its topic, start and duration. A value left as it was is
 * not sent, so it does not become the occurrence's own and a later change of the series reaches it.
 */
export function occurrenceBody(values: ScheduleValues, initial: ScheduleValues): OccurrenceUpdate {
  const topic = values.topic.trim();
  return {
    ...(topic !== initial.topic.trim() ? { topic } : {}),
    ...(values.durationMinutes !== initial.durationMinutes ? { durationMinutes: Number(values.durationMinutes) } : {}),
    ...(startChanged(values, initial) ? { start: startOf(values).toISOString() } : {}),
  };
}

/** Where a server field error shows on the form (`recurrence.weekdays` under the weekday chips). */
export function schedulePathOf(field: string): string | null {
  const map: Record<string, string> = {
    topic: 'topic',
    description: 'description',
    start: 'date',
    durationMinutes: 'durationMinutes',
    timeZone: 'timeZone',
    password: 'password',
    recordMode: 'recordMode',
    meetingMode: 'meetingMode',
    coHostIds: 'coHostIds',
    invitees: 'invitees',
    'recurrence.weekdays': 'weekdays',
    'recurrence.endDate': 'endDate',
    'recurrence.count': 'count',
    'recurrence.interval': 'interval',
    'recurrence.monthDay': 'monthDay',
  };
  return map[field] ?? (field.startsWith('recurrence.weekdays') ? 'weekdays' : field.startsWith('coHostIds') ? 'coHostIds' : field.startsWith('invitees') ? 'invitees' : null);
}
