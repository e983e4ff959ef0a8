// The dashboards' aggregations, all done by the database: each query reads the sessions that
// started in the range (index meeting_sessions_tenant_started / _started) and, where it needs
// people, their participants (meeting_participants_key leads with session_id), and returns grouped
// rows only. `tenantId` null means every tenant (the platform dashboard, run with withPlatform);
// a tenant's dashboard also runs inside that tenant's row-level security.
//
// Where every day of the range starts on a whole UTC hour (range.hourly), ended meetings come from
// the rollups (dashboard_totals, _hosts, _people, _clients: per tenant and UTC hour, day and month
// of the meeting's start, kept by triggers, migration 0014) and only running meetings from the raw
// rows, with the same figures. The raw queries below serve the other zones (half-hour offsets).
//
// On PGlite the time goes into what is computed per participant row, not into the join, so the
// one pass over participants keeps that lean: a date cast rather than to_char for the day, epoch
// sums rather than an interval per row for the hours, three grouping sets from which the rest is
// summed (the tenants and totals from the people, the platforms and systems from their pairs).
import { and, eq, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { dashboardClients as rc, dashboardHosts as rh, dashboardPeople as rp, dashboardTotals as rt, meetingParticipants as p, meetingSessions as s, tenants, users } from '../kernel/db/schema.ts';
import { rowsOf, type Database } from '../kernel/db/types.ts';

export type DashboardRange = {
  /** Sessions starting at or after this instant… */
  from: Date;
  /** …and before this one. */
  to: Date;
  /** Validated IANA name: the days of the series are this zone's. */
  timeZone: string;
  /** Participants still in a running meeting count up to this instant. */
  now: Date;
  tenantId: string | null;
  /**
   * Every day of the range starts on a whole UTC hour (every zone but the few with half- and
   * quarter-hour offsets): the ended meetings then come from the hourly rollups, each hour wholly
   * inside one day of the zone, and only the running ones from the raw rows.
   */
  hourly?: boolean;
  /** Every day of the range starts at midnight UTC: the days' series may read whole UTC days. */
  daily?: boolean;
};

const sessionsIn = (range: DashboardRange): SQL =>
  and(range.tenantId ? eq(s.tenantId, range.tenantId) : undefined, gte(s.startedAt, range.from), lt(s.startedAt, range.to)) ?? sql`true`;

/** The session's day in the reader's zone. The zone is inlined (validated: letters, digits, `_+-/`) so GROUP BY sees the same expression as SELECT. */
const dayOf = (timeZone: string): SQL => sql`(${s.startedAt} at time zone ${sql.raw(`'${timeZone.replace(/'/g, '')}'`)})::date`;

/**
 * Participant-hours of a group: each participant from joining to leaving, to the meeting's end
 * when no leave came, to now while it runs; summed as epoch seconds (no interval per row).
 */
const hoursOf = (now: Date): SQL<number> =>
  sql<number>`coalesce(sum(date_part('epoch', coalesce(${p.leftAt}, ${s.endedAt}, ${now.toISOString()}::timestamptz))) - sum(date_part('epoch', ${p.joinedAt})), 0)::float8 / 3600.0`;

export type SessionRow = {
  /** `day`: meetings that day (key); `tenant`: a tenant's meetings (key: its id); `host`: meetings a person hosted (key: their id). */
  kind: 'day' | 'tenant' | 'host';
  key: string;
  meetings: number;
};

/** Meetings per day, per tenant and per host, in one pass over the range's sessions. */
export async function sessionFigures(tx: Database, range: DashboardRange): Promise<SessionRow[]> {
  if (range.hourly) return rollupSessionFigures(tx, range);
  const day = dayOf(range.timeZone);
  const rows = await tx
    .select({
      kind: sql<SessionRow['kind']>`case when grouping(${day}) = 0 then 'day' when grouping(${s.tenantId}) = 0 then 'tenant' else 'host' end`,
      key: sql<string | null>`case when grouping(${day}) = 0 then ${day}::text when grouping(${s.tenantId}) = 0 then ${s.tenantId}::text else ${s.hostId}::text end`,
      meetings: sql<number>`count(*)::int`,
    })
    .from(s)
    .where(sessionsIn(range))
    .groupBy(sql`grouping sets ((${day}), (${s.tenantId}), (${s.hostId}))`);
  // Meetings without a known host group under a null key: nobody to name.
  return rows.flatMap((row) => (row.key === null ? [] : [{ ...row, key: row.key }]));
}

/** The earliest start of a meeting still running (in the caller's reach), if any. */
export async function earliestRunning(tx: Database, tenantId: string | null): Promise<Date | null> {
  const [row] = await tx
    .select({ at: sql<number | null>`(extract(epoch from min(${s.startedAt})) * 1000)::float8` })
    .from(s)
    .where(and(isNull(s.endedAt), tenantId ? eq(s.tenantId, tenantId) : undefined));
  return row?.at == null ? null : new Date(row.at);
}

/** The earliest start among these sessions (the platform's view: run with withPlatform). */
export async function startsOf(tx: Database, sessionIds: string[]): Promise<Date | null> {
  if (sessionIds.length === 0) return null;
  const [row] = await tx
    .select({ at: sql<number | null>`(extract(epoch from min(${s.startedAt})) * 1000)::float8` })
    .from(s)
    .where(inArray(s.id, sessionIds));
  return row?.at == null ? null : new Date(row.at);
}

export type PeopleRow = {
  /**
   * `day`: one day (key); `client`: a platform (key) and OS (os) pair; `person`: one of the top
   * signed-in participants, or with no top every person and each tenant's guests together (user
   * null); `tenant` (with a top only): a tenant's participants, hours and distinct signed-in users.
   */
  kind: 'day' | 'client' | 'person' | 'tenant';
  key: string | null;
  os: string | null;
  tenantId: string | null;
  userId: string | null;
  participants: number;
  hours: number;
  /** On `tenant` rows: distinct signed-in participants. */
  users: number;
};

/**
 * Everything the dashboards need from participants in one pass over them: grouping sets give the
 * days, the platform and OS pairs and each tenant's people (its guests together); the tenants'
 * totals and distinct signed-in users are summed from their people, and only the `top` people
 * with the most meetings come back.
 */
export async function peopleFigures(tx: Database, range: DashboardRange, top: number | null): Promise<PeopleRow[]> {
  return rowsOf<PeopleRow>(await tx.execute(peopleFiguresQuery(range, top)));
}

export function peopleFiguresQuery(range: DashboardRange, top: number | null): SQL {
  if (range.hourly) return rollupPeopleFiguresQuery(range, top);
  const day = dayOf(range.timeZone);
  // Raw values as grouping keys; an absent or empty one becomes 'unknown' once per group, not per row.
  const platform = sql`(${p.client}->>'platform')`;
  const os = sql`(${p.client}->>'os')`;
  // The participants' own tenant column too: a tenant's rows are found by its index, not only through the sessions.
  const ownTenant = range.tenantId ? sql` and ${p.tenantId} = ${range.tenantId}` : sql``;
  return sql`
    with groups as (
      select case when grouping(${day}) = 0 then 'day' when grouping(${platform}) = 0 then 'client' else 'person' end as kind,
             case when grouping(${day}) = 0 then ${day}::text when grouping(${platform}) = 0 then coalesce(nullif(${platform}, ''), 'unknown') end as key,
             case when grouping(${os}) = 0 then coalesce(nullif(${os}, ''), 'unknown') end as os,
             ${s.tenantId} as tenant_id,
             ${p.userId} as user_id,
             count(*)::int as participants,
             ${hoursOf(range.now)} as hours
      from ${p} inner join ${s} on ${s.id} = ${p.sessionId}
      where ${sessionsIn(range)}${ownTenant}
      group by grouping sets ((${day}), (${platform}, ${os}), (${s.tenantId}, ${p.userId}))
    ),
    people as (select * from groups where kind = 'person'),
    ranked as (
      select people.*, row_number() over (order by participants desc, hours desc, user_id) as place from people where user_id is not null
    )
    select kind, key, os, tenant_id as "tenantId", user_id as "userId", participants, hours, 0 as users from groups where kind <> 'person'
    union all
    ${peopleRows(top)}`;
}

/**
 * The people part of both queries' answers (raw rows and rollups alike): every person, or the top
 * `top` with each tenant's totals beside them. Needs the `people` and `ranked` parts above it.
 */
function peopleRows(top: number | null): SQL {
  return top === null
    ? sql`select kind, key, os, tenant_id, user_id, participants, hours, 0 from people`
    : sql`select kind, key, os, tenant_id, user_id, participants, hours, 0 from ranked where place <= ${top}
    union all
    select 'tenant', null, null, tenant_id, null, sum(participants)::int, sum(hours)::float8, (count(*) filter (where user_id is not null))::int
    from people group by tenant_id`;
}

type Span = { span: 'hour' | 'day' | 'month'; from: Date; to: Date };

const floorDay = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
const ceilDay = (at: Date) => (floorDay(at).getTime() === at.getTime() ? at : new Date(floorDay(at).getTime() + 86_400_000));
const floorMonth = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
const ceilMonth = (at: Date) => (floorMonth(at).getTime() === at.getTime() ? at : new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1)));

/**
 * [from, to), whole hours, as the fewest rollup spans: whole UTC months inside it, whole UTC
 * days around them, hours at the edges (no coarser than `widest`).
 */
export function spansOf(from: Date, to: Date, widest: Span['span']): Span[] {
  const spans: Span[] = [];
  const push = (span: Span['span'], start: Date, end: Date) => {
    if (start < end) spans.push({ span, from: start, to: end });
  };
  const d1 = ceilDay(from);
  const d2 = floorDay(to);
  if (widest === 'hour' || d1 >= d2) {
    push('hour', from, to);
    return spans;
  }
  push('hour', from, d1);
  push('hour', d2, to);
  const m1 = ceilMonth(d1);
  const m2 = floorMonth(d2);
  if (widest === 'day' || m1 >= m2) {
    push('day', d1, d2);
    return spans;
  }
  push('day', d1, m1);
  push('day', m2, d2);
  push('month', m1, m2);
  return spans;
}

type Rollup = typeof rt | typeof rh | typeof rp | typeof rc;

/** A rollup's rows covering the range (its tenant's, or every tenant's). */
const spansIn = (range: DashboardRange, table: Rollup, widest: Span['span']): SQL => {
  const spans = spansOf(range.from, range.to, widest).map((span) => sql`(${table.span} = ${span.span} and ${table.at} >= ${span.from.toISOString()}::timestamptz and ${table.at} < ${span.to.toISOString()}::timestamptz)`);
  const covered = spans.length === 0 ? sql`false` : sql`(${sql.join(spans, sql` or `)})`;
  return range.tenantId ? sql`${table.tenantId} = ${range.tenantId} and ${covered}` : covered;
};

/** The days' series reads whole UTC days where they are the reader's days, hours elsewhere. */
const daySpans = (range: DashboardRange): Span['span'] => (range.daily ? 'day' : 'hour');

/** The range's running meetings (index meeting_sessions_open): what the rollups do not hold. */
const runningIn = (range: DashboardRange): SQL => sql`${sessionsIn(range)} and ${s.endedAt} is null`;

/** The day in the reader's zone of the `at` column of the rows below. */
const dayAt = (timeZone: string): SQL => sql.raw(`(at at time zone '${timeZone.replace(/'/g, '')}')::date`);

/** sessionFigures from the rollups of ended meetings and the running meetings' rows. */
async function rollupSessionFigures(tx: Database, range: DashboardRange): Promise<SessionRow[]> {
  const day = dayAt(range.timeZone);
  const rows = rowsOf<{ kind: SessionRow['kind']; key: string; meetings: number }>(
    await tx.execute(sql`
      with hosts as (
        select ${rh.tenantId} as tenant_id, ${rh.hostId} as host_id, ${rh.meetings} as meetings from ${rh} where ${spansIn(range, rh, 'month')}
        union all
        select ${s.tenantId}, ${s.hostId}, 1 from ${s} where ${runningIn(range)}
      ),
      days as (
        select ${rt.at} as at, ${rt.meetings} as meetings from ${rt} where ${spansIn(range, rt, daySpans(range))}
        union all
        select ${s.startedAt}, 1 from ${s} where ${runningIn(range)}
      )
      select 'day' as kind, ${day}::text as key, sum(meetings)::int as meetings from days group by ${day}
      union all
      select 'tenant', tenant_id::text, sum(meetings)::int from hosts group by tenant_id
      union all
      select 'host', host_id::text, sum(meetings)::int from hosts where host_id is not null group by host_id`),
  );
  return rows.map((row) => ({ kind: row.kind, key: row.key, meetings: Number(row.meetings) }));
}

/**
 * peopleFiguresQuery from the rollups of ended meetings and the running meetings' rows (whose
 * participants count up to now): the same rows, summed from far fewer.
 */
function rollupPeopleFiguresQuery(range: DashboardRange, top: number | null): SQL {
  const day = dayAt(range.timeZone);
  const ownTenant = range.tenantId ? sql` and ${p.tenantId} = ${range.tenantId}` : sql``;
  return sql`
    with running as (
      select ${s.tenantId} as tenant_id, ${s.startedAt} as at, ${p.userId} as user_id,
             coalesce(nullif(${p.client}->>'platform', ''), 'unknown') as platform, coalesce(nullif(${p.client}->>'os', ''), 'unknown') as os,
             date_part('epoch', coalesce(${p.leftAt}, ${range.now.toISOString()}::timestamptz)) - date_part('epoch', ${p.joinedAt}) as seconds
      from ${p} inner join ${s} on ${s.id} = ${p.sessionId}
      where ${runningIn(range)}${ownTenant}
    ),
    days as (
      select ${day}::text as key, sum(participants)::int as participants, coalesce(sum(seconds), 0)::float8 / 3600.0 as hours from (
        select ${rt.at} as at, ${rt.participants} as participants, ${rt.seconds} as seconds from ${rt} where ${spansIn(range, rt, daySpans(range))}
        union all
        select at, 1, seconds from running
      ) as src group by 1
    ),
    clients as (
      select platform, os, sum(participants)::int as participants from (
        select ${rc.platform} as platform, ${rc.os} as os, ${rc.participants} as participants from ${rc} where ${spansIn(range, rc, 'month')}
        union all
        select platform, os, 1 from running
      ) as src group by platform, os
    ),
    people as (
      select 'person'::text as kind, null::text as key, null::text as os, tenant_id, user_id, sum(participants)::int as participants, coalesce(sum(seconds), 0)::float8 / 3600.0 as hours from (
        select ${rp.tenantId} as tenant_id, ${rp.userId} as user_id, ${rp.participants} as participants, ${rp.seconds} as seconds from ${rp} where ${spansIn(range, rp, 'month')}
        union all
        select tenant_id, user_id, 1, seconds from running
      ) as src group by tenant_id, user_id
    ),
    ranked as (
      select people.*, row_number() over (order by participants desc, hours desc, user_id) as place from people where user_id is not null
    )
    select 'day' as kind, key, null::text as os, null::uuid as "tenantId", null::uuid as "userId", participants, hours, 0 as users from days
    union all
    select 'client', platform, os, null, null, participants, 0::float8, 0 from clients
    union all
    ${peopleRows(top)}`;
}

export type PersonRow = { id: string; name: string; email: string; tenantName: string };

/** Names of the top people, and their tenant's. */
export async function peopleNamed(tx: Database, ids: string[]): Promise<PersonRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select({
      id: users.id,
      name: sql<string>`coalesce(nullif(${users.displayName}, ''), trim(${users.firstName} || ' ' || ${users.lastName}))`,
      email: users.email,
      tenantName: tenants.name,
    })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(inArray(users.id, ids));
}

/** Tenants' names by id. */
export async function tenantNames(tx: Database, ids: string[]): Promise<{ id: string; name: string }[]> {
  if (ids.length === 0) return [];
  return tx.select({ id: tenants.id, name: tenants.name }).from(tenants).where(inArray(tenants.id, ids));
}
