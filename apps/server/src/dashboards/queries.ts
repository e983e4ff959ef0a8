// The dashboards' aggregations, all done by the database: each query reads the sessions that
// started in the range (index meeting_sessions_tenant_started / _started) and, where it needs
// people, their participants (meeting_participants_key leads with session_id), and returns grouped
// rows only. `tenantId` null means every tenant (the platform dashboard, run with withPlatform);
// a tenant's dashboard also runs inside that tenant's row-level security.
import { and, desc, eq, gte, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
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

export type DayPeople = { day: string | null; participants: number; users: number; hours: number };

/** Participants and participant-hours per day, and over the whole range (day null) with the distinct signed-in users. */
export async function peopleByDay(tx: Database, range: DashboardRange): Promise<DayPeople[]> {
  const day = dayOf(range.timeZone);
  return tx
    .select({
      day: sql<string | null>`case when grouping(${day}) = 0 then ${day} end`,
      participants: sql<number>`count(*)::int`,
      users: sql<number>`count(distinct ${p.userId})::int`,
      hours: sql<number>`coalesce(sum(${hoursOf(range.now)}), 0)::float8`,
    })
    .from(p)
    .innerJoin(s, eq(s.id, p.sessionId))
    .where(sessionsIn(range))
    .groupBy(sql`grouping sets ((${day}), ())`);
}

export type ShareRow = { kind: 'platform' | 'os'; name: string; participants: number };

/** Participants by the platform and by the operating system their client reported. */
export async function clientShares(tx: Database, range: DashboardRange): Promise<ShareRow[]> {
  const platform = sql`coalesce(nullif(${p.client}->>'platform', ''), 'unknown')`;
  const os = sql`coalesce(nullif(${p.client}->>'os', ''), 'unknown')`;
  return tx
    .select({
      kind: sql<'platform' | 'os'>`case when grouping(${platform}) = 0 then 'platform' else 'os' end`,
      name: sql<string>`case when grouping(${platform}) = 0 then ${platform} else ${os} end`,
      participants: sql<number>`count(*)::int`,
    })
    .from(p)
    .innerJoin(s, eq(s.id, p.sessionId))
    .where(sessionsIn(range))
    .groupBy(sql`grouping sets ((${platform}), (${os}))`);
}

export type TopUserRow = { userId: string; name: string; email: string; tenantName: string; meetings: number; hosted: number; hours: number };

/** The signed-in participants who attended the most meetings (hosted ones included), then the most hours. */
export async function topUsers(tx: Database, range: DashboardRange, limit: number): Promise<TopUserRow[]> {
  const meetings = sql<number>`count(*)::int`;
  const hours = sql<number>`coalesce(sum(${hoursOf(range.now)}), 0)::float8`;
  const top = await tx
    .select({
      userId: sql<string>`${p.userId}`,
      meetings,
      hosted: sql<number>`count(*) filter (where ${s.hostId} = ${p.userId})::int`,
      hours,
    })
    .from(p)
    .innerJoin(s, eq(s.id, p.sessionId))
    .where(and(sessionsIn(range), isNotNull(p.userId)))
    .groupBy(p.userId)
    .orderBy(desc(meetings), desc(hours), p.userId)
    .limit(limit);
  if (top.length === 0) return [];
  const people = await tx
    .select({
      id: users.id,
      name: sql<string>`coalesce(nullif(${users.displayName}, ''), trim(${users.firstName} || ' ' || ${users.lastName}))`,
      email: users.email,
      tenantName: tenants.name,
    })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(
      inArray(
        users.id,
        top.map((row) => row.userId),
      ),
    );
  const byId = new Map(people.map((person) => [person.id, person]));
  return top.flatMap((row) => {
    const person = byId.get(row.userId);
    return person ? [{ ...row, name: person.name, email: person.email, tenantName: person.tenantName }] : [];
  });
}

export type TopTenantRow = { tenantId: string; name: string; meetings: number; users: number; hours: number };

/** The tenants that held the most meetings, with their distinct signed-in users and participant-hours. */
export async function topTenants(tx: Database, range: DashboardRange, limit: number): Promise<TopTenantRow[]> {
  const meetings = sql<number>`count(*)::int`;
  const top = await tx
    .select({ tenantId: s.tenantId, name: tenants.name, meetings })
    .from(s)
    .innerJoin(tenants, eq(tenants.id, s.tenantId))
    .where(sessionsIn(range))
    .groupBy(s.tenantId, tenants.name)
    .orderBy(desc(meetings), tenants.name)
    .limit(limit);
  if (top.length === 0) return [];
  const people = await tx
    .select({
      tenantId: s.tenantId,
      users: sql<number>`count(distinct ${p.userId})::int`,
      hours: sql<number>`coalesce(sum(${hoursOf(range.now)}), 0)::float8`,
    })
    .from(p)
    .innerJoin(s, eq(s.id, p.sessionId))
    .where(
      and(
        sessionsIn(range),
        inArray(
          s.tenantId,
          top.map((row) => row.tenantId),
        ),
      ),
    )
    .groupBy(s.tenantId);
  const byTenant = new Map(people.map((row) => [row.tenantId, row]));
  return top.map((row) => ({ ...row, users: byTenant.get(row.tenantId)?.users ?? 0, hours: byTenant.get(row.tenantId)?.hours ?? 0 }));
}
