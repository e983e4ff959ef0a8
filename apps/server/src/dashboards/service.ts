// The dashboards: a tenant's (dashboardInfo) and the platform's across tenants
// (superTenantDashboard). The range is whole days of the reader's time zone; the database does
// every aggregation and this module only shapes the few grouped rows it returns.
import { Temporal } from 'temporal-polyfill';
import type { Schemas } from '../http/api.ts';
import { fieldError } from '../http/problem.ts';
import type { Database } from '../db/types.ts';
import { busiestTenants, meetingsByDay, meetingsHosted, peopleFigures, peopleNamed, type DashboardRange, type PeopleRow } from './queries.ts';

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
  const { meetings, people, tenants, names, hosted } = await scope.run(async (tx) => {
    const figures = await peopleFigures(tx, range, TOP);
    const topIds = figures.flatMap((row) => (row.kind === 'person' && row.userId ? [row.userId] : []));
    return {
      meetings: await meetingsByDay(tx, range),
      people: figures,
      tenants: platformWide ? await busiestTenants(tx, range, TOP) : [],
      names: await peopleNamed(tx, topIds),
      hosted: await meetingsHosted(tx, range, topIds),
    };
  });
  const of = (kind: PeopleRow['kind']) => people.filter((row) => row.kind === kind);
  const sum = (rows: PeopleRow[], field: 'participants' | 'hours' | 'users') => rows.reduce((total, row) => total + row[field], 0);
  const tenantRows = of('tenant');
  const meetingTotal = meetings.find((row) => row.day === null);
  const meetingsOn = new Map(meetings.flatMap((row) => (row.day === null ? [] : [[row.day, row.meetings] as const])));
  const hoursOn = new Map(of('day').map((row) => [row.key, row.hours]));
  const tenantPeople = new Map(tenantRows.map((row) => [row.tenantId, row]));
  const named = new Map(names.map((person) => [person.id, person]));
  const hostedBy = new Map(hosted.map((row) => [row.userId, row.hosted]));
  const sharesOf = (name: (row: PeopleRow) => string) => {
    const counts = new Map<string, number>();
    for (const row of of('client')) counts.set(name(row), (counts.get(name(row)) ?? 0) + row.participants);
    return [...counts].map(([shareName, participants]) => ({ name: shareName, participants })).sort((a, b) => b.participants - a.participants || a.name.localeCompare(b.name));
  };
  return {
    startDate: window.startDate,
    endDate: window.endDate,
    timeZone: window.timeZone,
    cards: {
      meetings: meetingTotal?.meetings ?? 0,
      hours: tenth(sum(tenantRows, 'hours')),
      participants: sum(tenantRows, 'participants'),
      users: sum(tenantRows, 'users'),
      tenants: platformWide ? (meetingTotal?.tenants ?? 0) : null,
    },
    topUsers: of('person')
      .sort((a, b) => b.participants - a.participants || b.hours - a.hours || (a.userId ?? '').localeCompare(b.userId ?? ''))
      .flatMap((row) => {
        const person = row.userId ? named.get(row.userId) : undefined;
        return person && row.userId
          ? [{ userId: row.userId, name: person.name, email: person.email, tenantName: person.tenantName, meetings: row.participants, hosted: hostedBy.get(row.userId) ?? 0, hours: tenth(row.hours) }]
          : [];
      }),
    topTenants: tenants.map((row) => ({ ...row, users: tenantPeople.get(row.tenantId)?.users ?? 0, hours: tenth(tenantPeople.get(row.tenantId)?.hours ?? 0) })),
    platforms: sharesOf((row) => row.key ?? 'unknown'),
    operatingSystems: sharesOf((row) => row.os ?? 'unknown'),
    days: window.days.map((date) => ({ date, meetings: meetingsOn.get(date) ?? 0, hours: tenth(hoursOn.get(date) ?? 0) })),
  };
}
