import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { allOccurrences, isOccurrenceStart, occurrencesBetween, toRRule, weekdays, type Recurrence, type Schedule } from './recurrence.ts';

const zones = ['Europe/Paris', 'America/New_York', 'Asia/Tashkent', 'Australia/Lord_Howe'] as const;

function localTime(instant: Date, timeZone: string): string {
  return Temporal.Instant.fromEpochMilliseconds(instant.getTime()).toZonedDateTimeISO(timeZone).toPlainTime().toString();
}

function startAt(local: string, timeZone: string): Date {
  return new Date(Temporal.ZonedDateTime.from(`${local}[${timeZone}]`).epochMilliseconds);
}

const recurrence = fc.oneof(
  fc.record({ frequency: fc.constant('daily' as const), interval: fc.integer({ min: 1, max: 10 }) }),
  fc.record({
    frequency: fc.constant('weekly' as const),
    interval: fc.integer({ min: 1, max: 4 }),
    weekdays: fc.uniqueArray(fc.constantFrom(...weekdays), { minLength: 1, maxLength: 7 }),
  }),
  fc.record({ frequency: fc.constant('monthly' as const), interval: fc.integer({ min: 1, max: 3 }), monthDay: fc.integer({ min: 1, max: 28 }) }),
);

// Starts through 2026 and 2027 at a quarter hour between 06:00 and 21:45, which no zone here skips.
const schedule = fc
  .record({
    zone: fc.constantFrom(...zones),
    dayOffset: fc.integer({ min: 0, max: 700 }),
    quarter: fc.integer({ min: 24, max: 87 }),
    recurrence,
    count: fc.integer({ min: 1, max: 40 }),
  })
  .map(({ zone, dayOffset, quarter, recurrence: rule, count }): Schedule => {
    const date = Temporal.PlainDate.from('2026-01-01').add({ days: dayOffset });
    const time = Temporal.PlainTime.from({ hour: Math.floor(quarter / 4), minute: (quarter % 4) * 15 });
    return {
      start: new Date(date.toZonedDateTime({ timeZone: zone, plainTime: time }).epochMilliseconds),
      durationMinutes: 45,
      timeZone: zone,
      recurrence: { ...rule, count },
      exceptions: [],
    };
  });

describe('recurrence', () => {
  it('keeps every occurrence at the local time of the first, across daylight-saving changes', () => {
    fc.assert(
      fc.property(schedule, (meeting) => {
        const time = localTime(meeting.start, meeting.timeZone);
        for (const occurrence of allOccurrences(meeting)) expect(localTime(occurrence.start, meeting.timeZone)).toBe(time);
      }),
      { numRuns: 150 },
    );
  });

  it('yields exactly N occurrences for an end after N, minus the cancelled ones', () => {
    fc.assert(
      fc.property(schedule, fc.array(fc.nat(), { maxLength: 5 }), (meeting, picks) => {
        const count = meeting.recurrence?.count ?? 0;
        const all = allOccurrences(meeting);
        expect(all).toHaveLength(count);
        const cancelled = new Set(picks.map((pick) => all[pick % all.length]?.originalStart.getTime()));
        const exceptions = [...cancelled].map((time) => ({ originalStart: new Date(time ?? 0), cancelled: true }));
        expect(allOccurrences({ ...meeting, exceptions })).toHaveLength(count - cancelled.size);
      }),
      { numRuns: 150 },
    );
  });

  it('moves one occurrence without shifting any other', () => {
    fc.assert(
      fc.property(schedule, fc.nat(), fc.integer({ min: -3000, max: 3000 }), (meeting, pick, minutes) => {
        const before = allOccurrences(meeting);
        const target = before[pick % before.length];
        if (!target) return;
        const moved = new Date(target.start.getTime() + minutes * 60_000);
        const after = allOccurrences({ ...meeting, exceptions: [{ originalStart: target.originalStart, cancelled: false, start: moved, durationMinutes: 90 }] });
        expect(after.map((o) => o.originalStart.getTime())).toEqual(before.map((o) => o.originalStart.getTime()));
        for (const [index, occurrence] of after.entries()) {
          if (occurrence.originalStart.getTime() === target.originalStart.getTime()) {
            expect(occurrence.start).toEqual(moved);
            expect(occurrence.durationMinutes).toBe(90);
          } else {
            expect(occurrence).toEqual(before[index]);
          }
        }
      }),
      { numRuns: 150 },
    );
  });

  it.each(zones)('puts a weekly meeting across the autumn change at the same local time in %s', (zone) => {
    const meeting: Schedule = {
      start: startAt('2026-09-01T09:30', zone),
      durationMinutes: 30,
      timeZone: zone,
      recurrence: { frequency: 'weekly', interval: 1, weekdays: ['TU'], endDate: '2027-05-01' },
      exceptions: [],
    };
    const occurrences = allOccurrences(meeting);
    expect(occurrences.length).toBeGreaterThan(30);
    expect(new Set(occurrences.map((o) => localTime(o.start, zone)))).toEqual(new Set(['09:30:00']));
    // Offsets do change for the zones that observe daylight saving: the instants are not a fixed step apart.
    const steps = new Set(occurrences.slice(1).map((o, i) => o.start.getTime() - (occurrences[i]?.start.getTime() ?? 0)));
    expect(steps.size).toBe(zone === 'Asia/Tashkent' ? 1 : 3);
  });

  it('follows RFC 5545 for a monthly rule on the 31st: months without one are skipped', () => {
    const meeting: Schedule = {
      start: startAt('2027-01-31T10:00', 'Europe/Paris'),
      durationMinutes: 60,
      timeZone: 'Europe/Paris',
      recurrence: { frequency: 'monthly', interval: 1, monthDay: 31, count: 4 },
      exceptions: [],
    };
    expect(allOccurrences(meeting).map((o) => o.start.toISOString().slice(0, 10))).toEqual(['2027-01-31', '2027-03-31', '2027-05-31', '2027-07-31']);
  });

  it('ends on the end date, inclusive, in the meeting zone', () => {
    const meeting: Schedule = {
      start: startAt('2026-11-02T23:30', 'America/New_York'),
      durationMinutes: 30,
      timeZone: 'America/New_York',
      recurrence: { frequency: 'daily', interval: 1, endDate: '2026-11-05' },
      exceptions: [],
    };
    expect(allOccurrences(meeting)).toHaveLength(4);
    expect(toRRule(meeting.recurrence as Recurrence, meeting.timeZone)).toBe('FREQ=DAILY;INTERVAL=1;UNTIL=20261106T045959Z');
  });

  it('finds the occurrences of a window, a moved one where it now is, and knows the rule’s starts', () => {
    const meeting: Schedule = {
      start: startAt('2026-12-01T09:00', 'Asia/Tashkent'),
      durationMinutes: 60,
      timeZone: 'Asia/Tashkent',
      recurrence: { frequency: 'daily', interval: 1 },
      exceptions: [{ originalStart: startAt('2026-12-03T09:00', 'Asia/Tashkent'), cancelled: false, start: startAt('2026-12-20T15:00', 'Asia/Tashkent') }],
    };
    const window = occurrencesBetween(meeting, startAt('2026-12-20T00:00', 'Asia/Tashkent'), startAt('2026-12-21T00:00', 'Asia/Tashkent'));
    expect(window.map((o) => localTime(o.start, 'Asia/Tashkent'))).toEqual(['09:00:00', '15:00:00']);
    expect(window[1]?.originalStart).toEqual(startAt('2026-12-03T09:00', 'Asia/Tashkent'));
    expect(isOccurrenceStart(meeting, startAt('2026-12-05T09:00', 'Asia/Tashkent'))).toBe(true);
    expect(isOccurrenceStart(meeting, startAt('2026-12-05T09:01', 'Asia/Tashkent'))).toBe(false);
  });
});
