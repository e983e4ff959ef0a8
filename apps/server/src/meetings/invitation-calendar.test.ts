// The invitation is read back with a different maintained parser (Mozilla's ical.js), the way a
// calendar client would: its occurrences expanded in the meeting's zone must be the portal's own.
import ICAL from 'ical.js';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { checkedCalendar } from '../../test/calendar-check.ts';
import { meetingCalendar, type CalendarMeeting } from './invitation-calendar.ts';
import { allOccurrences, type Schedule } from './recurrence.ts';

const zone = 'America/New_York';
const at = (local: string) => new Date(Temporal.ZonedDateTime.from(`${local}[${zone}]`).epochMilliseconds);

const schedule: Schedule = {
  start: at('2026-10-20T09:30'),
  durationMinutes: 45,
  timeZone: zone,
  // Weekly on Tuesdays across the first Sunday of November, when New York leaves daylight saving.
  recurrence: { frequency: 'weekly', interval: 1, weekdays: ['TU'], count: 6 },
  exceptions: [
    { originalStart: at('2026-11-03T09:30'), cancelled: true },
    { originalStart: at('2026-11-10T09:30'), cancelled: false, start: at('2026-11-11T14:00'), durationMinutes: 60, topic: 'Moved review' },
  ],
};

const meeting: CalendarMeeting = {
  uid: '8d3e5b1c-0000-4000-8000-000000000001@acme.portal.localhost',
  sequence: 3,
  topic: 'Weekly review',
  description: 'Join: https://acme.portal.localhost/portal/join/1234567890',
  joinUrl: 'https://acme.portal.localhost/portal/join/1234567890',
  organizer: { name: 'Ann Host', email: 'ann@acme.test' },
  attendees: ['bob@example.test'],
  schedule,
};

const parse = checkedCalendar;

/** The occurrences a calendar shows: the master's expansion with its exceptions related, as ical.js does it. */
function expand(component: ICAL.Component): { start: number; end: number; summary: string }[] {
  const events = component.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
  const master = events.find((event) => !event.isRecurrenceException());
  if (!master) throw new Error('no master event');
  for (const exception of events.filter((event) => event.isRecurrenceException())) master.relateException(exception);
  const shown: { start: number; end: number; summary: string }[] = [];
  const iterator = master.iterator();
  for (let next = iterator.next(); next; next = iterator.next()) {
    const details = master.getOccurrenceDetails(next);
    shown.push({ start: details.startDate.toJSDate().getTime(), end: details.endDate.toJSDate().getTime(), summary: details.item.summary });
  }
  return shown;
}

describe('meetingCalendar', () => {
  it('writes a request that another parser expands into the portal’s own occurrences', () => {
    const component = parse(meetingCalendar(meeting, { method: 'REQUEST' }));
    expect(component.getFirstPropertyValue('method')).toBe('REQUEST');
    const [master] = component.getAllSubcomponents('vevent');
    expect(master?.getFirstPropertyValue('uid')).toBe(meeting.uid);
    expect(master?.getFirstPropertyValue('sequence')).toBe(3);
    expect(master?.getFirstProperty('dtstart')?.getParameter('tzid')).toBe(zone);
    expect(String(master?.getFirstPropertyValue('rrule'))).toContain('FREQ=WEEKLY');

    const expected = allOccurrences(schedule).map((o) => ({
      start: o.start.getTime(),
      end: o.start.getTime() + o.durationMinutes * 60_000,
      summary: o.topic ?? meeting.topic,
    }));
    expect(expand(component)).toEqual(expected);
    expect(expected).toHaveLength(5);
  });

  it('keeps 09:30 local time on both sides of the daylight-saving change', () => {
    const starts = expand(parse(meetingCalendar(meeting, { method: 'REQUEST' }))).map((o) => new Date(o.start).toISOString());
    expect(starts).toContain('2026-10-27T13:30:00.000Z');
    expect(starts).toContain('2026-11-17T14:30:00.000Z');
  });

  it('cancels the series, or a single occurrence by its RECURRENCE-ID', () => {
    const series = parse(meetingCalendar({ ...meeting, sequence: 4 }, { method: 'CANCEL' }));
    expect(series.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(series.getFirstSubcomponent('vevent')?.getFirstPropertyValue('status')).toBe('CANCELLED');

    const one = parse(meetingCalendar(meeting, { method: 'CANCEL', occurrence: at('2026-11-24T09:30') }));
    const event = one.getFirstSubcomponent('vevent');
    expect(event?.getFirstPropertyValue('uid')).toBe(meeting.uid);
    const recurrenceId = event?.getFirstPropertyValue('recurrence-id');
    expect(recurrenceId instanceof ICAL.Time ? recurrenceId.toJSDate().getTime() : null).toBe(at('2026-11-24T09:30').getTime());
  });

  it('stamps every event in UTC and writes only RFC 5545 properties (no TIMEZONE-ID)', () => {
    const texts = [
      meetingCalendar(meeting, { method: 'REQUEST' }),
      meetingCalendar(meeting, { method: 'CANCEL' }),
      meetingCalendar(meeting, { method: 'REQUEST', occurrence: at('2026-11-10T09:30') }),
      meetingCalendar({ ...meeting, schedule: { ...schedule, recurrence: null, exceptions: [] } }, { method: 'REQUEST' }),
    ];
    for (const text of texts) {
      expect(text).not.toMatch(/^TIMEZONE-ID/m);
      expect(text).toMatch(/^DTSTAMP:\d{8}T\d{6}Z\r$/m);
      checkedCalendar(text);
    }
    const [master, moved] = parse(texts[0]!).getAllSubcomponents('vevent');
    expect(master?.getFirstProperty('dtend')?.getParameter('tzid')).toBe(zone);
    expect(String(master?.getFirstPropertyValue('dtstart'))).toBe('2026-10-20T09:30:00');
    expect(String(master?.getFirstPropertyValue('dtend'))).toBe('2026-10-20T10:15:00');
    const rule = master?.getFirstPropertyValue('rrule');
    expect(rule instanceof ICAL.Recur ? { freq: rule.freq, interval: rule.interval, count: rule.count, byday: rule.parts.BYDAY } : null).toEqual({ freq: 'WEEKLY', interval: 1, count: 6, byday: ['TU'] });
    expect(master?.getFirstProperty('exdate')?.getParameter('tzid')).toBe(zone);
    expect(moved?.getFirstProperty('recurrence-id')?.getParameter('tzid')).toBe(zone);
    expect(String(moved?.getFirstPropertyValue('dtstart'))).toBe('2026-11-11T14:00:00');
  });

  it('writes a one-off meeting without a rule', () => {
    const single = parse(meetingCalendar({ ...meeting, schedule: { ...schedule, recurrence: null, exceptions: [] } }, { method: 'REQUEST' }));
    expect(expand(single)).toEqual([{ start: schedule.start.getTime(), end: schedule.start.getTime() + 45 * 60_000, summary: 'Weekly review' }]);
  });
});
