// A meeting's schedule: its first start in an IANA time zone, an optional RFC 5545 recurrence
// rule, and exceptions that move, change or cancel single occurrences. The rule engine is
// rrule-temporal: it expands in the meeting's zone, so an occurrence keeps its wall-clock time
// across daylight-saving changes, and a monthly rule on the 31st skips shorter months as RFC 5545
// says. Nothing here reads the clock or the database.
import { RRuleTemporal } from 'rrule-temporal';
import { Temporal } from 'temporal-polyfill';

export const weekdays = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;
export type Weekday = (typeof weekdays)[number];

/** The spec's recurrence: every N days, weeks (on some weekdays) or months (on a day of the month), until a date or N times. */
export type Recurrence = {
  frequency: 'daily' | 'weekly' | 'monthly';
  interval: number;
  weekdays?: Weekday[] | null;
  monthDay?: number | null;
  /** The last day (inclusive, in the meeting's zone) an occurrence may fall on. */
  endDate?: string | null;
  count?: number | null;
};

/** One occurrence changed on its own: moved, lengthened or cancelled. `originalStart` is its RECURRENCE-ID. */
export type OccurrenceException = {
  originalStart: Date;
  cancelled: boolean;
  start?: Date | null;
  durationMinutes?: number | null;
  topic?: string | null;
};

export type Schedule = {
  start: Date;
  durationMinutes: number;
  timeZone: string;
  recurrence: Recurrence | null;
  exceptions: readonly OccurrenceException[];
};

export type Occurrence = {
  /** Where the rule puts it: the key of this occurrence for single-occurrence edits. */
  originalStart: Date;
  start: Date;
  durationMinutes: number;
  /** Set when an exception changed this occurrence. */
  topic: string | null;
  changed: boolean;
};

const frequencies = { daily: 'DAILY', weekly: 'WEEKLY', monthly: 'MONTHLY' } as const;

export function isTimeZone(zone: string): boolean {
  try {
    Temporal.Now.zonedDateTimeISO(zone);
    return true;
  } catch {
    return false;
  }
}

function zoned(instant: Date, timeZone: string): Temporal.ZonedDateTime {
  return Temporal.Instant.fromEpochMilliseconds(instant.getTime()).toZonedDateTimeISO(timeZone);
}

/** The end of `endDate` in the meeting's zone, in UTC, as RFC 5545 wants UNTIL for a zoned DTSTART. */
function untilOf(endDate: string, timeZone: string): Temporal.ZonedDateTime {
  return Temporal.PlainDate.from(endDate).add({ days: 1 }).toZonedDateTime({ timeZone }).subtract({ nanoseconds: 1 }).withTimeZone('UTC');
}

function utcStamp(instant: Temporal.ZonedDateTime): string {
  return instant.toInstant().toString({ smallestUnit: 'second' }).replace(/[-:]/g, '');
}

/** The RRULE value (without DTSTART, which the meeting's start and zone give). */
export function toRRule(recurrence: Recurrence, timeZone: string): string {
  const parts = [`FREQ=${frequencies[recurrence.frequency]}`, `INTERVAL=${recurrence.interval}`];
  if (recurrence.frequency === 'weekly' && recurrence.weekdays?.length) {
    parts.push(`BYDAY=${[...recurrence.weekdays].sort((a, b) => weekdays.indexOf(a) - weekdays.indexOf(b)).join(',')}`);
  }
  if (recurrence.frequency === 'monthly' && recurrence.monthDay) parts.push(`BYMONTHDAY=${recurrence.monthDay}`);
  if (recurrence.count) parts.push(`COUNT=${recurrence.count}`);
  else if (recurrence.endDate) parts.push(`UNTIL=${utcStamp(untilOf(recurrence.endDate, timeZone))}`);
  return parts.join(';');
}

function ruleOf(schedule: Schedule): RRuleTemporal | null {
  if (!schedule.recurrence) return null;
  return new RRuleTemporal({
    rruleString: toRRule(schedule.recurrence, schedule.timeZone),
    dtstart: zoned(schedule.start, schedule.timeZone),
    // A first start that the rule would not produce (a Monday start of a Tuesday rule) still happens, as in calendars.
    includeDtstart: true,
  });
}

function applyExceptions(schedule: Schedule, originals: Date[]): Occurrence[] {
  const byOriginal = new Map(schedule.exceptions.map((exception) => [exception.originalStart.getTime(), exception]));
  const occurrences: Occurrence[] = [];
  for (const originalStart of originals) {
    const exception = byOriginal.get(originalStart.getTime());
    if (exception?.cancelled) continue;
    occurrences.push({
      originalStart,
      start: exception?.start ?? originalStart,
      durationMinutes: exception?.durationMinutes ?? schedule.durationMinutes,
      topic: exception?.topic ?? null,
      changed: Boolean(exception),
    });
  }
  return occurrences;
}

const toDate = (instant: Temporal.ZonedDateTime) => new Date(instant.epochMilliseconds);

/** The longest a moved occurrence may sit from its original start: bounds the window widening below. */
export const maxMoveDays = 366;

/**
 * Occurrences overlapping [from, to), exceptions applied, in start order, at most `limit`. A moved
 * occurrence is found by where it now is, so the rule is expanded over a window widened by the
 * farthest an exception may move one.
 */
export function occurrencesBetween(schedule: Schedule, from: Date, to: Date, limit = 500): Occurrence[] {
  const overlaps = (occurrence: Occurrence) =>
    occurrence.start.getTime() < to.getTime() && occurrence.start.getTime() + occurrence.durationMinutes * 60_000 > from.getTime();
  const rule = ruleOf(schedule);
  if (!rule) return applyExceptions(schedule, [schedule.start]).filter(overlaps);
  const moved = schedule.exceptions.some((exception) => exception.start || exception.durationMinutes);
  const slack = (moved ? maxMoveDays * 24 * 60 : schedule.durationMinutes) * 60_000;
  const originals: Date[] = [];
  rule.all((instant) => {
    if (instant.epochMilliseconds >= to.getTime() + slack || originals.length >= limit * 4 + schedule.exceptions.length) return false;
    if (instant.epochMilliseconds >= from.getTime() - slack) originals.push(toDate(instant));
    return true;
  });
  return applyExceptions(schedule, originals)
    .filter(overlaps)
    .sort((a, b) => a.start.getTime() - b.start.getTime())
    .slice(0, limit);
}

/** Every occurrence of a finite schedule (an end date or count), exceptions applied. */
export function allOccurrences(schedule: Schedule, limit = 1000): Occurrence[] {
  const rule = ruleOf(schedule);
  if (!rule) return applyExceptions(schedule, [schedule.start]);
  return applyExceptions(schedule, rule.all((_, index) => index < limit).map(toDate));
}

/** Whether the rule puts an occurrence at this instant (the only starts an exception may name). */
export function isOccurrenceStart(schedule: Schedule, instant: Date): boolean {
  const rule = ruleOf(schedule);
  if (!rule) return instant.getTime() === schedule.start.getTime();
  return rule.matches(zoned(instant, schedule.timeZone));
}

/** The last instant the schedule's rule can reach, or null when it never ends. */
export function lastOriginalStart(schedule: Schedule): Date | null {
  const rule = ruleOf(schedule);
  if (!rule) return schedule.start;
  if (!schedule.recurrence?.count && !schedule.recurrence?.endDate) return null;
  const all = rule.all((_, index) => index < 10_000);
  const last = all.at(-1);
  return last ? toDate(last) : schedule.start;
}

/** The local calendar date of an instant in a zone (YYYY-MM-DD). */
export function localDate(instant: Date, timeZone: string): string {
  return zoned(instant, timeZone).toPlainDate().toString();
}

/** The weekday code of an instant in a zone. */
export function localWeekday(instant: Date, timeZone: string): Weekday {
  const day = zoned(instant, timeZone).dayOfWeek; // 1 = Monday … 7 = Sunday
  return weekdays[day % 7] ?? 'SU';
}
