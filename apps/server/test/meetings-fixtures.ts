// What the meetings test files share: starts in the future written in a meeting's own zone, a valid
// addMeeting body to vary one field at a time, and scheduling that fails the test unless it worked.
import { Temporal } from 'temporal-polyfill';
import { expect } from 'vitest';
import { meetingRooms } from '../src/kernel/db/schema.ts';
import { userEmail, type TestServer, type TestSession } from './harness.ts';

export const weekdayCodes = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;

/** `days` days from today at the local wall-clock `time` in `zone`: the instant, and its weekday code. */
export function localStart(zone: string, days: number, time = '10:00'): { start: string; weekday: (typeof weekdayCodes)[number]; local: Temporal.ZonedDateTime } {
  const today = Temporal.Now.plainDateISO(zone).add({ days });
  const local = today.toZonedDateTime({ timeZone: zone, plainTime: Temporal.PlainTime.from(time) });
  return { start: new Date(local.epochMilliseconds).toISOString(), weekday: weekdayCodes[local.dayOfWeek - 1]!, local };
}

/** The wall-clock time (HH:MM) of an instant in a zone. */
export const wallClock = (instant: string, zone: string) =>
  Temporal.Instant.from(instant).toZonedDateTimeISO(zone).toPlainTime().toString({ smallestUnit: 'minute' });

/** A scheduled single meeting two days ahead in Paris; `overrides` replace fields of it. */
export function meetingBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { kind: 'scheduled', topic: 'Project sync', start: localStart('Europe/Paris', 2).start, durationMinutes: 30, timeZone: 'Europe/Paris', ...overrides };
}

/** A weekly meeting on the start's weekday, `count` times, `days` days ahead in `zone`. */
export function weeklyBody(count: number, overrides: Record<string, unknown> = {}, zone = 'Europe/Paris', days = 3): Record<string, unknown> {
  const { start, weekday } = localStart(zone, days);
  return meetingBody({ start, timeZone: zone, recurrence: { frequency: 'weekly', interval: 1, weekdays: [weekday], count }, ...overrides });
}

export type Meeting = { id: string; meetingId: string; sequence: number; start: string; exceptions: { originalStart: string; cancelled: boolean; start: string | null }[] } & Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- the rest is read as the test needs

/** Schedules through addMeeting and fails unless it answered 201. */
export async function addMeeting(server: TestServer, tenant: string, session: TestSession, body: Record<string, unknown>): Promise<Meeting> {
  const res = await server.request(tenant, 'POST', '/meetings', { session, body });
  expect(res.status, res.text).toBe(201);
  return res.body as Meeting;
}

export type MeetingPeople = { member: TestSession; colleague: TestSession; globexMember: TestSession; guest: TestSession };

/**
 * The people the meetings tests act as: acme's member (the host), a colleague with the same
 * meeting permissions who neither hosts nor co-hosts the member's meetings (acme's account
 * administrator), globex's member (another tenant), and acme's guest (no meeting permission).
 */
export async function signInMeetingPeople(server: TestServer): Promise<MeetingPeople> {
  return {
    member: await server.login('acme', userEmail('acme', 'member')),
    colleague: await server.login('acme', userEmail('acme', 'accountadmin')),
    globexMember: await server.login('globex', userEmail('globex', 'member')),
    guest: await server.login('acme', userEmail('acme', 'guest')),
  };
}

/**
 * The meeting's room as the portal keeps it when it placed the room on `node` (what opening the
 * room through a media platform writes), for tests whose node is played by the test itself.
 */
export async function placeRoom(server: TestServer, tenant: string, meetingId: string, node: string): Promise<void> {
  const tenantId = server.ids.tenants[tenant as keyof typeof server.ids.tenants];
  await server.database.withTenant(tenantId, (tx) => tx.insert(meetingRooms).values({ meetingId, tenantId, roomId: Math.floor(Math.random() * 2 ** 40), roomSecret: server.app.secrets.seal('room-secret'), node }));
}
