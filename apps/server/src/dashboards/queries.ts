// The dashboards' aggregations, all done by the database: each query reads the sessions that
// started in the range (index meeting_sessions_tenant_started / _started) and, where it needs
// people, their participants (meeting_participants_key leads with session_id), and returns grouped
// rows only. `tenantId` null means every tenant (the platform dashboard, run with withPlatform);
// a tenant's dashboard also runs inside that tenant's row-level security.
import { and, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { meetingParticipants as p, meetingSessions as s, tenants, users } from '../db/schema.ts';
import type { Database } from '../db/types.ts';

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
};

const sessionsIn = (range: DashboardRange): SQL =>
  and(range.tenantId ? eq(s.tenantId, range.tenantId) : undefined, gte(s.startedAt, range.from), lt(s.startedAt, range.to)) ?? sql`true`;

/** The session's day in the reader's zone. The zone is inlined (validated: letters, digits, `_+-/`) so GROUP BY sees the same expression as SELECT. */
const dayOf = (timeZone: string): SQL => sql`to_char(${s.startedAt} at time zone ${sql.raw(`'${timeZone.replace(/'/g, '')}'`)}, 'YYYY-MM-DD')`;

/** A participant's time in the meeting, in hours: joining to leaving, to the meeting's end when no leave came, to now while it runs. */
const hoursOf = (now: Date): SQL<number> =>
  sql<number>`greatest(0, extract(epoch from (coalesce(${p.leftAt}, ${s.endedAt}, ${now.toISOString()}::timestamptz) - ${p.joinedAt}))) / 3600.0`;

export type DayMeetings = { day: string | null; meetings: number; tenants: number };

/** Meetings per day, and over the whole range (day null), with the tenants that held them. */
export async function meetingsByDay(tx: Database, range: DashboardRange): Promise<DayMeetings[]> {
  const day = dayOf(range.timeZone);
  return tx
    .select({
      day: sql<string | null>`case when grouping(${day}) = 0 then ${day} end`,
      meetings: sql<number>`count(*)::int`,
      tenants: sql<number>`count(distinct ${s.tenantId})::int`,
    })
    .from(s)
    .where(sessionsIn(range))
    .groupBy(sql`grouping sets ((${day}), ())`);
}

/** What `tx.execute` answered: PGlite gives `{ rows }`, postgres.js an array of rows. */
function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

export type PeopleRow = {
  /** Which grouping the row is: a day, the whole range, a platform, an OS, a tenant's person (user_id null: its guests), a tenant. */
  kind: 'day' | 'all' | 'platform' | 'os' | 'person' | 'tenant';
  key: string | null;
  tenantId: string | null;
  userId: string | null;
  participants: number;
  hosted: number;
  hours: number;
  /** On `all` and `tenant` rows: distinct signed-in participants. */
  users: number;
};

/**
 * Everything the dashboards need from participants in one pass over them: grouping sets give the
 * days, the whole range, the platforms, the operating systems, each person and each tenant; the
 * distinct signed-in users are counted from the person groups (no count distinct), and only the
 * `top` people with the most meetings come back.
 */
export async function peopleFigures(tx: Database, range: DashboardRange, top: number): Promise<PeopleRow[]> {
  return rowsOf<PeopleRow>(await tx.execute(peopleFiguresQuery(range, top)));
}

export function peopleFiguresQuery(range: DashboardRange, top: number): SQL {
  const day = dayOf(range.timeZone);
  const platform = sql`coalesce(nullif(${p.client}->>'platform', ''), 'unknown')`;
  const os = sql`coalesce(nullif(${p.client}->>'os', ''), 'unknown')`;
  return sql`
    with groups as (
      select case
               when grouping(${day}) = 0 then 'day'
               when grouping(${platform}) = 0 then 'platform'
               when grouping(${os}) = 0 then 'os'
               when grouping(${p.userId}) = 0 then 'person'
               when grouping(${s.tenantId}) = 0 then 'tenant'
               else 'all'
             end as kind,
             case when grouping(${day}) = 0 then ${day} when grouping(${platform}) = 0 then ${platform} when grouping(${os}) = 0 then ${os} end as key,
             ${s.tenantId} as tenant_id,
             ${p.userId} as user_id,
             count(*)::int as participants,
             (count(*) filter (where ${s.hostId} = ${p.userId}))::int as hosted,
             coalesce(sum(${hoursOf(range.now)}), 0)::float8 as hours
      from ${p} inner join ${s} on ${s.id} = ${p.sessionId}
      where ${sessionsIn(range)}${range.tenantId ? sql` and ${p.tenantId} = ${range.tenantId}` : sql``}
      group by grouping sets ((${day}), (${platform}), (${os}), (${s.tenantId}, ${p.userId}), (${s.tenantId}), ())
    ),
    signed_in as (
      select tenant_id, count(*)::int as users from groups where kind = 'person' and user_id is not null group by tenant_id
    ),
    ranked as (
      select groups.*, row_number() over (order by participants desc, hours desc, user_id) as place
      from groups where kind = 'person' and user_id is not null
    )
    select kind, key, tenant_id as "tenantId", user_id as "userId", participants, hosted, hours, 0 as users from ranked where place <= ${top}
    union all
    select kind, key, groups.tenant_id, user_id, participants, hosted, hours,
           case kind when 'tenant' then coalesce(signed_in.users, 0) when 'all' then (select coalesce(sum(users), 0)::int from signed_in) else 0 end
    from groups left join signed_in on kind = 'tenant' and signed_in.tenant_id = groups.tenant_id
    where kind <> 'person'`;
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

export type TenantMeetings = { tenantId: string; name: string; meetings: number };

/** The tenants that held the most meetings in the range. */
export async function busiestTenants(tx: Database, range: DashboardRange, limit: number): Promise<TenantMeetings[]> {
  const meetings = sql<number>`count(*)::int`;
  return tx
    .select({ tenantId: s.tenantId, name: tenants.name, meetings })
    .from(s)
    .innerJoin(tenants, eq(tenants.id, s.tenantId))
    .where(sessionsIn(range))
    .groupBy(s.tenantId, tenants.name)
    .orderBy(desc(meetings), tenants.name)
    .limit(limit);
}
