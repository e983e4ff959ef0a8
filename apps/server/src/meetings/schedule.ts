// Between stored rows and the recurrence engine: a meeting row and its exception rows make a
// Schedule; a recurrence from the API becomes the stored RRULE and back; the checks of spec
// section 5 that a schema cannot express (an upcoming start, a weekday for a weekly rule, an end
// date not before the start, a real time zone) are made here.
import type { Schemas } from '../kernel/http/api.ts';
import { fieldError } from '../kernel/http/problem.ts';
import type { ExceptionRow, MeetingRow } from './queries.ts';
import { allOccurrences, isTimeZone, lastOriginalStart, localDate, toRRule, weekdays, type Recurrence, type Schedule, type Weekday } from './recurrence.ts';

/** How far in the past a start may be and still count as upcoming: the time the form took to send. */
const startGraceMs = 5 * 60_000;

export function scheduleOf(row: MeetingRow, exceptions: readonly ExceptionRow[]): Schedule {
  return {
    start: row.startsAt,
    durationMinutes: row.durationMinutes,
    timeZone: row.timeZone,
    recurrence: row.rrule ? recurrenceOfRule(row.rrule, row.timeZone) : null,
    exceptions: exceptions
      .filter((exception) => exception.meetingId === row.id)
      .map((exception) => ({
        originalStart: exception.originalStart,
        cancelled: exception.cancelled,
        start: exception.startsAt,
        durationMinutes: exception.durationMinutes,
        topic: exception.topic,
      })),
  };
}

const frequencyOf = { DAILY: 'daily', WEEKLY: 'weekly', MONTHLY: 'monthly' } as const;

/** The stored RRULE (written by toRRule) back in the API's words; UNTIL becomes the local end date. */
export function recurrenceOfRule(rule: string, timeZone: string): Recurrence {
  const parts = new Map(rule.split(';').map((part) => part.split('=') as [string, string]));
  const frequency = frequencyOf[parts.get('FREQ') as keyof typeof frequencyOf] ?? 'daily';
  const until = parts.get('UNTIL');
  const untilDate = until ? new Date(until.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z')) : null;
  return {
    frequency,
    interval: Number(parts.get('INTERVAL') ?? 1),
    weekdays: frequency === 'weekly' ? ((parts.get('BYDAY')?.split(',') ?? []).filter((day): day is Weekday => (weekdays as readonly string[]).includes(day))) : null,
    monthDay: frequency === 'monthly' && parts.get('BYMONTHDAY') ? Number(parts.get('BYMONTHDAY')) : null,
    endDate: untilDate ? localDate(untilDate, timeZone) : null,
    count: parts.get('COUNT') ? Number(parts.get('COUNT')) : null,
  };
}

export function checkTimeZone(timeZone: string): void {
  if (!isTimeZone(timeZone)) throw fieldError('timeZone', 'invalid_time_zone', 'This is not a known time zone.');
}

export function checkUpcoming(start: Date, now: Date, field = 'start'): void {
  if (start.getTime() < now.getTime() - startGraceMs) throw fieldError(field, 'start_in_past', 'Please choose an upcoming time');
}

/** The recurrence as it will be stored: checked, with the month day defaulting to the start's. */
export function normalisedRecurrence(input: Schemas['Recurrence'], start: Date, timeZone: string): Recurrence {
  if (input.frequency === 'weekly' && !input.weekdays?.length) throw fieldError('recurrence.weekdays', 'weekday_required', 'Please select a day');
  if (input.endDate && input.count) throw fieldError('recurrence.count', 'one_end_only', 'End on a date or after a number of occurrences, not both.');
  if (!input.endDate && !input.count) throw fieldError('recurrence.endDate', 'end_required', 'Choose when the meeting stops repeating.');
  if (input.endDate && input.endDate < localDate(start, timeZone)) {
    throw fieldError('recurrence.endDate', 'end_before_start', 'Cannot Choose a Pre-Date for End Date');
  }
  const monthDay = input.frequency === 'monthly' ? (input.monthDay ?? Number(localDate(start, timeZone).slice(8, 10))) : null;
  return {
    frequency: input.frequency,
    interval: input.interval,
    weekdays: input.frequency === 'weekly' ? (input.weekdays ?? null) : null,
    monthDay,
    endDate: input.endDate ?? null,
    count: input.count ?? null,
  };
}

export const storedRule = (recurrence: Recurrence | null, timeZone: string): string | null => (recurrence ? toRRule(recurrence, timeZone) : null);

/** When the last occurrence ends (moved ones included), or null for a rule without end. */
export function endOf(schedule: Schedule): Date | null {
  if (schedule.recurrence && lastOriginalStart(schedule) === null) return null;
  const ends = allOccurrences(schedule, 10_000).map((occurrence) => occurrence.start.getTime() + occurrence.durationMinutes * 60_000);
  // Every occurrence cancelled: the meeting is over where it began.
  return new Date(ends.length ? Math.max(...ends) : schedule.start.getTime());
}
