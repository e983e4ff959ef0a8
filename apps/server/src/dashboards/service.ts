// The dashboards: a tenant's (dashboardInfo) and the platform's across tenants
// (superTenantDashboard). The range is whole days of the reader's time zone; the database does
// every aggregation and this module only shapes the few grouped rows it returns.
import { Temporal } from 'temporal-polyfill';
import type { Schemas } from '../http/api.ts';
import { fieldError } from '../http/problem.ts';
import type { Database } from '../db/types.ts';
import { clientShares, meetingsByDay, peopleByDay, topTenants, topUsers, type DashboardRange } from './queries.ts';

export type Dashboard = Schemas['Dashboard'];
export type DashboardFilter = Schemas['DashboardFilter'];

/** A year, leap day included. */
export const MAX_RANGE_DAYS = 366;
const TOP = 10;

export type DashboardScope = {
  /** Runs `fn` where the figures may be read: the caller's tenant, or the whole platform. */
  run: <T>(fn: (tx: Database) => Promise<T>) => Promise<T>;
  /** The tenant to count, or null for every tenant. */
  tenantId: string | null;
  now: () => Date;
};

type Window = { startDate: string; endDate: string; timeZone: string; from: Date; to: Date; days: string[] };

/** The filter as instants: 400 for an end before the start, a range over a year, or an unknown zone. */
export function windowOf(filter: DashboardFilter): Window {
  const timeZone = filter.timeZone ?? 'UTC';
  let start: Temporal.PlainDate;
  let end: Temporal.PlainDate;
  try {
    start = Temporal.PlainDate.from(filter.startDate, { overflow: 'reject' });
  } catch {
    throw fieldError('startDate', 'invalid_start_date', 'Choose a valid start date.');
  }
  try {
    end = Temporal.PlainDate.from(filter.endDate, { overflow: 'reject' });
  } catch {
    throw fieldError('endDate', 'invalid_end_date', 'Choose a valid end date.');
  }
  if (Temporal.PlainDate.compare(end, start) < 0) throw fieldError('endDate', 'end_before_start', 'Cannot Choose a Pre-Date for End Date');
  const length = start.until(end, { largestUnit: 'days' }).days + 1;
  if (length > MAX_RANGE_DAYS) throw fieldError('endDate', 'range_too_long', `At most ${MAX_RANGE_DAYS} days at a time.`);
  let from: Date;
  let to: Date;
  try {
    from = new Date(start.toZonedDateTime({ timeZone }).epochMilliseconds);
    to = new Date(end.add({ days: 1 }).toZonedDateTime({ timeZone }).epochMilliseconds);
  } catch {
    throw fieldError('timeZone', 'invalid_time_zone', 'Unknown time zone.');
  }
  const days = Array.from({ length }, (_, index) => start.add({ days: index }).toString());
  return { startDate: start.toString(), endDate: end.toString(), timeZone, from, to, days };
}

const tenth = (hours: number) => Math.round(hours * 10) / 10;

export async function readDashboard(scope: DashboardScope, filter: DashboardFilter): Promise<Dashboard> {
  const window = windowOf(filter);
  const range: DashboardRange = { from: window.from, to: window.to, timeZone: window.timeZone, now: scope.now(), tenantId: scope.tenantId };
  const platformWide = scope.tenantId === null;
  const { meetings, people, shares, users, tenants } = await scope.run(async (tx) => ({
    meetings: await meetingsByDay(tx, range),
    people: await peopleByDay(tx, range),
    shares: await clientShares(tx, range),
    users: await topUsers(tx, range, TOP),
    tenants: platformWide ? await topTenants(tx, range, TOP) : [],
  }));
  const meetingTotal = meetings.find((row) => row.day === null);
  const peopleTotal = people.find((row) => row.day === null);
  const meetingsOn = new Map(meetings.flatMap((row) => (row.day === null ? [] : [[row.day, row.meetings] as const])));
  const hoursOn = new Map(people.flatMap((row) => (row.day === null ? [] : [[row.day, row.hours] as const])));
  const byCount = (a: { participants: number; name: string }, b: { participants: number; name: string }) => b.participants - a.participants || a.name.localeCompare(b.name);
  const sharesOf = (kind: 'platform' | 'os') =>
    shares
      .filter((row) => row.kind === kind)
      .map(({ name, participants }) => ({ name, participants }))
      .sort(byCount);
  return {
    startDate: window.startDate,
    endDate: window.endDate,
    timeZone: window.timeZone,
    cards: {
      meetings: meetingTotal?.meetings ?? 0,
      hours: tenth(peopleTotal?.hours ?? 0),
      participants: peopleTotal?.participants ?? 0,
      users: peopleTotal?.users ?? 0,
      tenants: platformWide ? (meetingTotal?.tenants ?? 0) : null,
    },
    topUsers: users.map((row) => ({ ...row, hours: tenth(row.hours) })),
    topTenants: tenants.map((row) => ({ ...row, hours: tenth(row.hours) })),
    platforms: sharesOf('platform'),
    operatingSystems: sharesOf('os'),
    days: window.days.map((date) => ({ date, meetings: meetingsOn.get(date) ?? 0, hours: tenth(hoursOn.get(date) ?? 0) })),
  };
}
