// The dashboards: a tenant's (dashboardInfo) and the platform's across tenants
// (superTenantDashboard). The range is whole days of the reader's time zone; the database does
// every aggregation and this module only shapes the few grouped rows it returns.
import { Temporal } from 'temporal-polyfill';
import type { Schemas } from '../http/api.ts';
import { fieldError } from '../http/problem.ts';
import type { Database } from '../db/types.ts';
import { busiestTenants, meetingsByDay, peopleFigures, peopleNamed, type DashboardRange, type PeopleRow } from './queries.ts';

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
  const { meetings, people, tenants, names } = await scope.run(async (tx) => {
    const figures = await peopleFigures(tx, range, TOP);
    return {
      meetings: await meetingsByDay(tx, range),
      people: figures,
      tenants: platformWide ? await busiestTenants(tx, range, TOP) : [],
      names: await peopleNamed(
        tx,
        figures.flatMap((row) => (row.kind === 'person' && row.userId ? [row.userId] : [])),
      ),
    };
  });
  const of = (kind: PeopleRow['kind']) => people.filter((row) => row.kind === kind);
  const meetingTotal = meetings.find((row) => row.day === null);
  const peopleTotal = of('all')[0];
  const meetingsOn = new Map(meetings.flatMap((row) => (row.day === null ? [] : [[row.day, row.meetings] as const])));
  const hoursOn = new Map(of('day').map((row) => [row.key, row.hours]));
  const tenantPeople = new Map(of('tenant').map((row) => [row.tenantId, row]));
  const named = new Map(names.map((person) => [person.id, person]));
  const sharesOf = (kind: 'platform' | 'os') =>
    of(kind)
      .map((row) => ({ name: row.key ?? 'unknown', participants: row.participants }))
      .sort((a, b) => b.participants - a.participants || a.name.localeCompare(b.name));
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
    topUsers: of('person')
      .sort((a, b) => b.participants - a.participants || b.hours - a.hours || (a.userId ?? '').localeCompare(b.userId ?? ''))
      .flatMap((row) => {
        const person = row.userId ? named.get(row.userId) : undefined;
        return person && row.userId
          ? [{ userId: row.userId, name: person.name, email: person.email, tenantName: person.tenantName, meetings: row.participants, hosted: row.hosted, hours: tenth(row.hours) }]
          : [];
      }),
    topTenants: tenants.map((row) => ({ ...row, users: tenantPeople.get(row.tenantId)?.users ?? 0, hours: tenth(tenantPeople.get(row.tenantId)?.hours ?? 0) })),
    platforms: sharesOf('platform'),
    operatingSystems: sharesOf('os'),
    days: window.days.map((date) => ({ date, meetings: meetingsOn.get(date) ?? 0, hours: tenth(hoursOn.get(date) ?? 0) })),
  };
}
