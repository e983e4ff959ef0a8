// The dashboards: a tenant's (dashboardInfo) and the platform's across tenants
// (superTenantDashboard). The range is whole days of the reader's time zone; the database does
// every aggregation and this module adds up and shapes the grouped rows it returns.
import { Temporal } from 'temporal-polyfill';
import type { Schemas } from '../kernel/http/api.ts';
import { fieldError } from '../kernel/http/problem.ts';
import type { Database } from '../kernel/db/types.ts';
import type { HistoryStore } from './cache.ts';
import { earliestRunning, peopleFigures, peopleNamed, sessionFigures, tenantNames, type DashboardRange } from './queries.ts';

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
  /** The kept history of ranges (PGlite), or null. */
  history: HistoryStore<RangeFigures> | null;
};

type Window = { startDate: string; endDate: string; timeZone: string; from: Date; to: Date; days: string[]; hourly: boolean; daily: boolean };

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
  // Whether every day of the range starts on a whole UTC hour, as the rollups need, or at midnight UTC.
  const starts = Array.from({ length: length + 1 }, (_, index) => start.add({ days: index }).toZonedDateTime({ timeZone }).epochMilliseconds);
  const hourly = starts.every((at) => at % 3_600_000 === 0);
  const daily = starts.every((at) => at % 86_400_000 === 0);
  return { startDate: start.toString(), endDate: end.toString(), timeZone, from, to, days, hourly, daily };
}

const tenth = (hours: number) => Math.round(hours * 10) / 10;

/** Figures of part of a range, in maps that add up across parts. */
export type RangeFigures = {
  meetingsOn: Map<string, number>;
  hoursOn: Map<string, number>;
  tenantMeetings: Map<string, number>;
  hosted: Map<string, number>;
  /** By platform and OS. */
  clients: Map<string, { platform: string; os: string; participants: number }>;
  /** By tenant and user (user null: the tenant's guests together); with a top, the top users only. */
  persons: Map<string, { tenantId: string; userId: string | null; participants: number; hours: number }>;
  /** The tenants' people as the database counted them (with a top); null: summed from `persons`. */
  tenantPeople: Map<string, { participants: number; hours: number; users: number }> | null;
};

const emptyFigures = (): RangeFigures => ({
  meetingsOn: new Map(),
  hoursOn: new Map(),
  tenantMeetings: new Map(),
  hosted: new Map(),
  clients: new Map(),
  persons: new Map(),
  tenantPeople: null,
});

const add = (map: Map<string, number>, key: string, value: number) => map.set(key, (map.get(key) ?? 0) + value);

async function figuresIn(tx: Database, range: DashboardRange, top: number | null): Promise<RangeFigures> {
  const figures = emptyFigures();
  for (const row of await sessionFigures(tx, range)) {
    add(row.kind === 'day' ? figures.meetingsOn : row.kind === 'tenant' ? figures.tenantMeetings : figures.hosted, row.key, row.meetings);
  }
  const tenantPeople = new Map<string, { participants: number; hours: number; users: number }>();
  for (const row of await peopleFigures(tx, range, top)) {
    if (row.kind === 'day' && row.key) add(figures.hoursOn, row.key, row.hours);
    else if (row.kind === 'client') {
      // Added up: an absent and an empty platform are both 'unknown' (two groups of the raw rows).
      const key = `${row.key}\u0000${row.os}`;
      figures.clients.set(key, { platform: row.key ?? 'unknown', os: row.os ?? 'unknown', participants: (figures.clients.get(key)?.participants ?? 0) + row.participants });
    }
    else if (row.kind === 'person' && row.tenantId) figures.persons.set(`${row.tenantId}\u0000${row.userId ?? ''}`, { tenantId: row.tenantId, userId: row.userId, participants: row.participants, hours: row.hours });
    else if (row.kind === 'tenant' && row.tenantId) tenantPeople.set(row.tenantId, { participants: row.participants, hours: row.hours, users: row.users });
  }
  if (top !== null) figures.tenantPeople = tenantPeople;
  return figures;
}

/** Both parts' figures added up (every person in both, so distinct users stay distinct). */
function merged(a: RangeFigures, b: RangeFigures): RangeFigures {
  const sum = emptyFigures();
  for (const part of [a, b]) {
    for (const field of ['meetingsOn', 'hoursOn', 'tenantMeetings', 'hosted'] as const) for (const [key, value] of part[field]) add(sum[field], key, value);
    for (const [key, value] of part.clients) {
      const seen = sum.clients.get(key);
      sum.clients.set(key, { ...value, participants: (seen?.participants ?? 0) + value.participants });
    }
    for (const [key, value] of part.persons) {
      const seen = sum.persons.get(key);
      sum.persons.set(key, { ...value, participants: (seen?.participants ?? 0) + value.participants, hours: (seen?.hours ?? 0) + value.hours });
    }
  }
  return sum;
}

const startOfDay = (at: Date, timeZone: string) => new Date(Temporal.Instant.fromEpochMilliseconds(at.getTime()).toZonedDateTimeISO(timeZone).startOfDay().epochMilliseconds);

/**
 * The range's figures. Where history is kept (PGlite), the range splits at the start of today, or
 * of the day the earliest running meeting started: the days before come from the kept history
 * when there is one, the rest from the database. Elsewhere one pass with the top people only.
 */
async function figuresOf(scope: DashboardScope, range: DashboardRange): Promise<RangeFigures> {
  const history = scope.history;
  if (!history) return scope.run((tx) => figuresIn(tx, range, TOP));
  await history.settle();
  const running = await scope.run((tx) => earliestRunning(tx, range.tenantId));
  const today = startOfDay(range.now, range.timeZone);
  const open = running ? Math.min(today.getTime(), startOfDay(running, range.timeZone).getTime()) : today.getTime();
  const cutoff = new Date(Math.min(Math.max(open, range.from.getTime()), range.to.getTime()));
  let past = emptyFigures();
  if (cutoff > range.from) {
    const key = JSON.stringify([range.tenantId, range.from.toISOString(), cutoff.toISOString(), range.timeZone]);
    const kept = history.get(key);
    if (kept) past = kept;
    else {
      const generation = history.generation();
      past = await scope.run((tx) => figuresIn(tx, { ...range, to: cutoff }, null));
      history.set(key, past, cutoff, generation);
    }
  }
  const recent = cutoff < range.to ? await scope.run((tx) => figuresIn(tx, { ...range, from: cutoff }, null)) : emptyFigures();
  return merged(past, recent);
}

const byCount = <T extends { name: string; participants: number }>(a: T, b: T) => b.participants - a.participants || a.name.localeCompare(b.name);

export async function readDashboard(scope: DashboardScope, filter: DashboardFilter): Promise<Dashboard> {
  const window = windowOf(filter);
  const range: DashboardRange = { from: window.from, to: window.to, timeZone: window.timeZone, now: scope.now(), tenantId: scope.tenantId, hourly: window.hourly, daily: window.daily };
  const platformWide = scope.tenantId === null;
  const figures = await figuresOf(scope, range);
  const persons = [...figures.persons.values()];
  let tenantPeople = figures.tenantPeople;
  if (!tenantPeople) {
    tenantPeople = new Map();
    for (const person of persons) {
      const seen = tenantPeople.get(person.tenantId) ?? { participants: 0, hours: 0, users: 0 };
      tenantPeople.set(person.tenantId, { participants: seen.participants + person.participants, hours: seen.hours + person.hours, users: seen.users + (person.userId ? 1 : 0) });
    }
  }
  const topPeople = persons
    .flatMap((person) => (person.userId ? [{ ...person, userId: person.userId }] : []))
    .sort((a, b) => b.participants - a.participants || b.hours - a.hours || a.userId.localeCompare(b.userId))
    .slice(0, TOP);
  const tenantIds = platformWide ? [...figures.tenantMeetings.keys()] : [];
  const { names, tenantsNamed } = await scope.run(async (tx) => ({
    names: await peopleNamed(
      tx,
      topPeople.map((person) => person.userId),
    ),
    tenantsNamed: await tenantNames(tx, tenantIds),
  }));
  const named = new Map(names.map((person) => [person.id, person]));
  const tenantName = new Map(tenantsNamed.map((tenant) => [tenant.id, tenant.name]));
  const totals = [...tenantPeople.values()];
  const sharesOf = (name: (client: { platform: string; os: string }) => string) => {
    const counts = new Map<string, number>();
    for (const client of figures.clients.values()) add(counts, name(client), client.participants);
    return [...counts].map(([shareName, participants]) => ({ name: shareName, participants })).sort(byCount);
  };
  return {
    startDate: window.startDate,
    endDate: window.endDate,
    timeZone: window.timeZone,
    cards: {
      meetings: [...figures.meetingsOn.values()].reduce((sum, value) => sum + value, 0),
      hours: tenth(totals.reduce((sum, row) => sum + row.hours, 0)),
      participants: totals.reduce((sum, row) => sum + row.participants, 0),
      users: totals.reduce((sum, row) => sum + row.users, 0),
      tenants: platformWide ? [...figures.tenantMeetings.values()].filter((meetings) => meetings > 0).length : null,
    },
    topUsers: topPeople.flatMap((person) => {
      const found = named.get(person.userId);
      return found
        ? [{ userId: person.userId, name: found.name, email: found.email, tenantName: found.tenantName, meetings: person.participants, hosted: figures.hosted.get(person.userId) ?? 0, hours: tenth(person.hours) }]
        : [];
    }),
    topTenants: [...figures.tenantMeetings]
      .map(([tenantId, meetings]) => ({ tenantId, name: tenantName.get(tenantId) ?? '', meetings, users: tenantPeople.get(tenantId)?.users ?? 0, hours: tenth(tenantPeople.get(tenantId)?.hours ?? 0) }))
      .filter((tenant) => platformWide && tenant.name !== '')
      .sort((a, b) => b.meetings - a.meetings || a.name.localeCompare(b.name))
      .slice(0, TOP),
    platforms: sharesOf((client) => client.platform),
    operatingSystems: sharesOf((client) => client.os),
    days: window.days.map((date) => ({ date, meetings: figures.meetingsOn.get(date) ?? 0, hours: tenth(figures.hoursOn.get(date) ?? 0) })),
  };
}
