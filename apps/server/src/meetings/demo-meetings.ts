// The demo tenant's meetings, dated relative to the first start so every list shows real content
// at once: recurring meetings with past and coming occurrences (one moved, one cancelled), a
// one-off meeting tomorrow and one last week, an open meeting, and personal meetings.
import { Temporal } from 'temporal-polyfill';
import type { Database } from '../kernel/db/types.ts';
import { platformMeetingOptions } from './options.ts';
import { insertMeeting, replaceCoHosts, upsertException, type MeetingValues } from './queries.ts';
import type { Recurrence, Schedule } from './recurrence.ts';
import { allOccurrences } from './recurrence.ts';
import { endOf, storedRule } from './schedule.ts';

type DemoMeeting = {
  host: string;
  coHosts?: string[];
  kind: 'scheduled' | 'open';
  topic: string;
  /** Days from today (negative: in the past) and the local time, in `timeZone`. */
  day: number;
  time: string;
  durationMinutes: number;
  timeZone: string;
  recurrence?: Recurrence;
  password?: string;
  /** Occurrence numbers (0-based) to cancel, and to move by a number of hours. */
  cancel?: number[];
  move?: { occurrence: number; hours: number };
};

const demoMeetings: DemoMeeting[] = [
  {
    host: 'admin@acme.test',
    coHosts: ['daniel.okafor@acme.test'],
    kind: 'scheduled',
    topic: 'Weekly team sync',
    day: -21,
    time: '09:30',
    durationMinutes: 45,
    timeZone: 'Europe/Paris',
    recurrence: { frequency: 'weekly', interval: 1, weekdays: ['MO', 'WE'], count: 24 },
    cancel: [8],
    move: { occurrence: 7, hours: 3 },
  },
  {
    host: 'admin@acme.test',
    kind: 'scheduled',
    topic: 'Monthly all-hands',
    day: -40,
    time: '16:00',
    durationMinutes: 60,
    timeZone: 'America/New_York',
    recurrence: { frequency: 'monthly', interval: 1, monthDay: 15, count: 12 },
    password: '482913',
  },
  { host: 'admin@acme.test', kind: 'scheduled', topic: 'Client demo: Globex rollout', day: 1, time: '14:00', durationMinutes: 30, timeZone: 'Asia/Tashkent' },
  { host: 'admin@acme.test', kind: 'scheduled', topic: 'Quarterly review', day: -8, time: '11:00', durationMinutes: 90, timeZone: 'Europe/Paris' },
  { host: 'admin@acme.test', kind: 'open', topic: 'Design office hours', day: 0, time: '08:00', durationMinutes: 480, timeZone: 'Europe/Paris' },
  {
    host: 'zoe.dupont@acme.test',
    coHosts: ['admin@acme.test'],
    kind: 'scheduled',
    topic: 'Daily stand-up',
    day: -10,
    time: '09:00',
    durationMinutes: 15,
    timeZone: 'Europe/Paris',
    recurrence: { frequency: 'daily', interval: 1, count: 30 },
  },
  { host: 'zoe.dupont@acme.test', kind: 'open', topic: 'Support drop-in', day: 0, time: '07:00', durationMinutes: 600, timeZone: 'Europe/Paris' },
];

const personalMeetings: { host: string; code: string; topic: string; password: string }[] = [
  { host: 'admin@acme.test', code: '4155550100', topic: 'Alice Martin’s room', password: '246810' },
  { host: 'zoe.dupont@acme.test', code: '4155550101', topic: 'Zoë Dupont’s room', password: '135791' },
];

function localStart(now: Date, meeting: Pick<DemoMeeting, 'day' | 'time' | 'timeZone'>): Date {
  const today = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(meeting.timeZone).toPlainDate();
  const start = today.add({ days: meeting.day }).toZonedDateTime({ timeZone: meeting.timeZone, plainTime: Temporal.PlainTime.from(meeting.time) });
  return new Date(start.epochMilliseconds);
}

// Demo ids are fixed for personal meetings (people remember them) and derived for the others, so a re-seed never collides.
const demoCode = (index: number) => `9${String(4_150_000_000 + index).padStart(10, '0')}`;

export async function seedDemoMeetings(tx: Database, tenantId: string, userIds: Record<string, string>, now = new Date()): Promise<void> {
  const user = (email: string) => {
    const id = userIds[email];
    if (!id) throw new Error(`demo meetings: no user ${email}`);
    return id;
  };
  for (const [index, meeting] of demoMeetings.entries()) {
    const start = localStart(now, meeting);
    const base: Schedule = { start, durationMinutes: meeting.durationMinutes, timeZone: meeting.timeZone, recurrence: meeting.recurrence ?? null, exceptions: [] };
    const occurrences = allOccurrences(base);
    const cancelled = (meeting.cancel ?? []).flatMap((n) => occurrences[n] ?? []).map((o) => ({ originalStart: o.originalStart, cancelled: true, start: null }));
    const moving = meeting.move && occurrences[meeting.move.occurrence];
    const moved = moving && meeting.move ? [{ originalStart: moving.originalStart, cancelled: false, start: new Date(moving.start.getTime() + meeting.move.hours * 3_600_000) }] : [];
    const exceptions = [...cancelled, ...moved];
    const schedule: Schedule = { ...base, exceptions };
    const values: MeetingValues = {
      code: demoCode(index),
      kind: meeting.kind,
      hostId: user(meeting.host),
      topic: meeting.topic,
      startsAt: start,
      durationMinutes: meeting.durationMinutes,
      timeZone: meeting.timeZone,
      rrule: storedRule(meeting.recurrence ?? null, meeting.timeZone),
      // Open meetings stay joinable until someone ends them, as addMeeting makes them.
      endsAt: meeting.kind === 'open' ? null : endOf(schedule),
      password: meeting.password ?? null,
      options: { ...platformMeetingOptions, meetingPassword: Boolean(meeting.password), joinBeforeHost: meeting.kind === 'open' },
    };
    const row = await insertMeeting(tx, tenantId, values);
    await replaceCoHosts(tx, tenantId, row.id, (meeting.coHosts ?? []).map(user));
    for (const exception of exceptions) {
      await upsertException(tx, tenantId, { meetingId: row.id, originalStart: exception.originalStart, cancelled: exception.cancelled, startsAt: exception.start });
    }
  }
  for (const personal of personalMeetings) {
    await insertMeeting(tx, tenantId, {
      code: personal.code,
      kind: 'personal',
      hostId: user(personal.host),
      topic: personal.topic,
      startsAt: now,
      durationMinutes: 60,
      timeZone: 'Europe/Paris',
      password: personal.password,
      joinMode: 'waiting_for_host',
      options: { ...platformMeetingOptions, meetingPassword: true },
    });
  }
}
