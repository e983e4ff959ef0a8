// The iCalendar (RFC 5545) document of a meeting invitation, as Google Calendar, Outlook and Apple
// Calendar accept it: times in the meeting's zone with its VTIMEZONE, one stable UID for the
// series, SEQUENCE raised by every change, the RRULE with EXDATEs for cancelled occurrences, and a
// RECURRENCE-ID event for each moved or changed one, DTSTAMP in UTC. ical-generator writes the document.
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { ICalCalendarMethod, ICalEventStatus, type ICalEventData } from 'ical-generator';
import { Temporal } from 'temporal-polyfill';
import { toRRule, type Schedule } from './recurrence.ts';

export type CalendarMeeting = {
  uid: string;
  sequence: number;
  topic: string;
  description: string;
  joinUrl: string;
  organizer: { name: string; email: string };
  attendees: readonly string[];
  schedule: Schedule;
};

/** The whole series (or the single meeting) as it now is, or cancelled; with `occurrence` (its original start) that occurrence alone. */
export type CalendarRequest = { method: 'REQUEST' | 'CANCEL'; occurrence?: Date | undefined };

const prodId = { company: 'Video portal', product: 'Meetings', language: 'EN' };

function zoned(instant: Date, timeZone: string): Temporal.ZonedDateTime {
  return Temporal.Instant.fromEpochMilliseconds(instant.getTime()).toZonedDateTimeISO(timeZone);
}

function localStamp(instant: Date, timeZone: string): string {
  return zoned(instant, timeZone).toPlainDateTime().toString({ smallestUnit: 'second' }).replace(/[-:]/g, '');
}

export function meetingCalendar(meeting: CalendarMeeting, request: CalendarRequest): string {
  const { schedule } = meeting;
  const zone = schedule.timeZone;
  const calendar = ical({
    prodId,
    method: request.method === 'CANCEL' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
    // No calendar-wide zone name: with one, ical-generator writes DTSTAMP in local time without Z
    // (RFC 5545 §3.8.7.2 wants UTC) and adds the non-standard TIMEZONE-ID and X-WR-TIMEZONE
    // lines. Each event names its zone (TZID), and the generator writes the VTIMEZONE it needs.
    timezone: { name: null, generator: getVtimezoneComponent },
  });
  const common = (start: Date, minutes: number, topic: string): ICalEventData => ({
    id: meeting.uid,
    sequence: meeting.sequence,
    start: zoned(start, zone),
    end: zoned(new Date(start.getTime() + minutes * 60_000), zone),
    timezone: zone,
    summary: topic,
    description: meeting.description,
    location: meeting.joinUrl,
    url: meeting.joinUrl,
    organizer: meeting.organizer,
    attendees: meeting.attendees.map((email) => ({ email, rsvp: true })),
    status: request.method === 'CANCEL' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });

  if (request.occurrence) {
    const occurrence = request.occurrence;
    const exception = schedule.exceptions.find((e) => e.originalStart.getTime() === occurrence.getTime());
    calendar.createEvent({
      ...common(exception?.start ?? occurrence, exception?.durationMinutes ?? schedule.durationMinutes, exception?.topic ?? meeting.topic),
      recurrenceId: zoned(occurrence, zone),
    });
    return calendar.toString();
  }

  const cancelled = schedule.exceptions.filter((e) => e.cancelled);
  const rule = schedule.recurrence ? [`RRULE:${toRRule(schedule.recurrence, zone)}`] : [];
  const excluded = cancelled.length ? [`EXDATE;TZID=${zone}:${cancelled.map((e) => localStamp(e.originalStart, zone)).join(',')}`] : [];
  calendar.createEvent({
    ...common(schedule.start, schedule.durationMinutes, meeting.topic),
    // A raw RRULE (and EXDATE) keeps the stored rule exactly; ical-generator inserts the lines as given.
    ...(rule.length ? { repeating: [...rule, ...excluded].join('\r\n') } : {}),
  });
  if (request.method === 'REQUEST' && schedule.recurrence) {
    for (const exception of schedule.exceptions.filter((e) => !e.cancelled)) {
      calendar.createEvent({
        ...common(exception.start ?? exception.originalStart, exception.durationMinutes ?? schedule.durationMinutes, exception.topic ?? meeting.topic),
        recurrenceId: zoned(exception.originalStart, zone),
      });
    }
  }
  return calendar.toString();
}
