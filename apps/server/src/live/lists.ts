// The administrators' views of meeting sessions (spec 'Live meetings', 'Completed meetings'):
// running and ended sessions with their participants, read from the tables src/live/apply.ts fills.
// The platform super administrator reads every tenant's sessions (platform-wide transaction);
// anyone else reads their own tenant's, under its row-level security and an explicit tenant filter.
import { and, asc, desc, eq, gte, ilike, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AppDatabase } from '../kernel/db/database.ts';
import { microsecondKey, newestFirstPage, olderThan, timeKeyOfCursor, type TimeKey } from '../kernel/db/keyset.ts';
import { meetingFeedback, meetingParticipants, meetingRooms, meetingSessions, tenants, users } from '../kernel/db/schema.ts';
import type { Database } from '../kernel/db/types.ts';
import type { Schemas } from '../kernel/http/api.ts';
import { fieldError, notFound } from '../kernel/http/problem.ts';
import type { RequestContext } from '../kernel/http/request-context.ts';
import { present } from '../kernel/db/present.ts';
import { likePattern } from '../kernel/db/like.ts';

/** Whose sessions a caller sees, and how to read them. */
export type LiveScope = {
  /** The caller's tenant; null for the platform super administrator, who sees every tenant. */
  tenantId: string | null;
  /** A transaction in which the caller's sessions are visible. */
  db: RequestContext['db'];
  now: () => Date;
};

export function liveScopeOf(ctx: Pick<RequestContext, 'db' | 'tenant'>, database: AppDatabase, platformAdmin: boolean): LiveScope {
  return platformAdmin ? { tenantId: null, db: (fn) => database.withPlatform(fn), now: () => new Date() } : { tenantId: ctx.tenant.id, db: ctx.db, now: () => new Date() };
}

type ListQuery = {
  q?: string | undefined;
  cursor?: string | undefined;
  limit?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  /** Completed meetings: the tenant's name, the host's first and last name contain these. */
  company?: string | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
};

/** A `contains` filter on a column, or nothing for an empty value. */
const containing = (column: Parameters<typeof ilike>[0], value: string | undefined) => (value?.trim() ? ilike(column, likePattern(value.trim())) : undefined);

const DEFAULT_PAGE_SIZE = 25;
const DAY_MS = 24 * 60 * 60_000;
const MAX_WINDOW_DAYS = 366;
/** The CSV export's cap: an administrator's spreadsheet, never an unbounded dump. */
export const EXPORT_MAX_ROWS = 10_000;

const hostName = sql<string | null>`coalesce(nullif(${users.displayName}, ''), nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''))`;

function sessionFilters(scope: LiveScope, query: ListQuery, window: { from: Date | null; to: Date | null }, withHost: boolean): (SQL | undefined)[] {
  const q = query.q?.trim();
  const pattern = q ? likePattern(q) : null;
  return [
    scope.tenantId ? eq(meetingSessions.tenantId, scope.tenantId) : undefined,
    window.from ? gte(meetingSessions.startedAt, window.from) : undefined,
    window.to ? lt(meetingSessions.startedAt, window.to) : undefined,
    pattern
      ? or(
          ilike(meetingSessions.code, pattern),
          ilike(meetingSessions.topic, pattern),
          scope.tenantId ? undefined : ilike(tenants.name, pattern),
          withHost ? ilike(users.email, pattern) : undefined,
          withHost ? ilike(hostName, pattern) : undefined,
        )
      : undefined,
    scope.tenantId ? undefined : containing(tenants.name, query.company),
    withHost ? containing(users.firstName, query.firstName) : undefined,
    withHost ? containing(users.lastName, query.lastName) : undefined,
  ];
}

const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);

/** [from, to) of a day range; either end may be open. */
function dayWindow(from: string | undefined, to: string | undefined): { from: Date | null; to: Date | null } {
  if (from && to && to < from) throw fieldError('to', 'end_before_start', 'Cannot Choose a Pre-Date for End Date');
  return { from: from ? dayStart(from) : null, to: to ? new Date(dayStart(to).getTime() + DAY_MS) : null };
}

/** The completed list's range: the last 30 days unless chosen, at most a year. */
function completedWindow(scope: LiveScope, query: ListQuery): { from: Date; to: Date } {
  const toDay = query.to ?? scope.now().toISOString().slice(0, 10);
  const fromDay = query.from ?? new Date(dayStart(toDay).getTime() - 30 * DAY_MS).toISOString().slice(0, 10);
  const window = dayWindow(fromDay, toDay) as { from: Date; to: Date };
  if (window.to.getTime() - window.from.getTime() > MAX_WINDOW_DAYS * DAY_MS) throw fieldError('to', 'window_too_long', `At most ${MAX_WINDOW_DAYS} days at a time.`);
  return window;
}

/** What the live and completed lists both read of a session (and its tenant's name), with the key of its place in the list. */
const sessionListFields = () => ({
  id: meetingSessions.id,
  meetingId: meetingSessions.code,
  topic: meetingSessions.topic,
  tenantId: meetingSessions.tenantId,
  tenantName: tenants.name,
  startedAt: meetingSessions.startedAt,
  node: meetingSessions.node,
  video: meetingSessions.video,
  screenShare: meetingSessions.screenShare,
  phoneBridge: meetingSessions.phoneBridge,
  recording: meetingSessions.recording,
  flagged: meetingSessions.flagged,
  at: microsecondKey(meetingSessions.startedAt),
});

const cursorOf = (query: ListQuery): TimeKey | null => (query.cursor ? timeKeyOfCursor(query.cursor) : null);

export async function listCurrentMeetings(scope: LiveScope, query: ListQuery): Promise<Schemas['LiveMeetingPage']> {
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const after = cursorOf(query);
  const window = dayWindow(query.from, query.to);
  const rows = await scope.db((tx) =>
    tx
      .select({
        ...sessionListFields(),
        participants: sql<number>`(select count(*) from ${meetingParticipants} where ${meetingParticipants.sessionId} = ${meetingSessions.id} and ${meetingParticipants.leftAt} is null)::int`,
        // The run an administrator locked (lockLiveMeeting) is the meeting's room of now.
        locked: sql<boolean>`coalesce((select ${meetingRooms.locked} from ${meetingRooms} where ${meetingRooms.meetingId} = ${meetingSessions.meetingId} and ${meetingSessions.source} = 'media'), false)`,
      })
      .from(meetingSessions)
      .innerJoin(tenants, eq(tenants.id, meetingSessions.tenantId))
      .where(and(isNull(meetingSessions.endedAt), ...sessionFilters(scope, query, window, false), after ? olderThan(meetingSessions.startedAt, meetingSessions.id, after) : undefined))
      .orderBy(desc(meetingSessions.startedAt), desc(meetingSessions.id))
      .limit(limit + 1),
  );
  const { page, nextCursor } = newestFirstPage(rows, limit);
  return { items: page.map(({ at: _at, startedAt, ...row }) => ({ ...row, startTime: startedAt.toISOString() })), nextCursor };
}

function completedSelect(tx: Database) {
  return tx
    .select({
      ...sessionListFields(),
      participants: meetingSessions.participants,
      endedAt: meetingSessions.endedAt,
      hostEmail: users.email,
      hostName,
      rating: sql<number | null>`(select avg(${meetingFeedback.rating})::float8 from ${meetingFeedback} where ${meetingFeedback.sessionId} = ${meetingSessions.id})`,
      ratings: sql<number>`(select count(*) from ${meetingFeedback} where ${meetingFeedback.sessionId} = ${meetingSessions.id})::int`,
    })
    .from(meetingSessions)
    .innerJoin(tenants, eq(tenants.id, meetingSessions.tenantId))
    .leftJoin(users, eq(users.id, meetingSessions.hostId));
}

type CompletedRow = Awaited<ReturnType<ReturnType<typeof completedSelect>['execute']>>[number];

function completedDto({ at: _at, startedAt, endedAt, rating, ...row }: CompletedRow): Schemas['CompletedMeeting'] {
  const end = endedAt ?? startedAt;
  return {
    ...row,
    startTime: startedAt.toISOString(),
    endTime: end.toISOString(),
    durationSeconds: Math.max(0, Math.round((end.getTime() - startedAt.getTime()) / 1000)),
    rating: rating === null ? null : Math.round(rating * 10) / 10,
  };
}

export async function listCompletedMeetings(scope: LiveScope, query: ListQuery): Promise<Schemas['CompletedMeetingPage']> {
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const after = cursorOf(query);
  const window = completedWindow(scope, query);
  const rows = await scope.db((tx) =>
    completedSelect(tx)
      .where(and(isNotNull(meetingSessions.endedAt), ...sessionFilters(scope, query, window, true), after ? olderThan(meetingSessions.startedAt, meetingSessions.id, after) : undefined))
      .orderBy(desc(meetingSessions.startedAt), desc(meetingSessions.id))
      .limit(limit + 1),
  );
  const { page, nextCursor } = newestFirstPage(rows, limit);
  return { items: page.map(completedDto), nextCursor };
}

/** The completed meetings of the filters, newest first, for the CSV export. */
export async function exportCompletedMeetings(scope: LiveScope, query: ListQuery): Promise<Schemas['CompletedMeeting'][]> {
  const window = completedWindow(scope, query);
  const rows = await scope.db((tx) =>
    completedSelect(tx)
      .where(and(isNotNull(meetingSessions.endedAt), ...sessionFilters(scope, query, window, true)))
      .orderBy(desc(meetingSessions.startedAt), desc(meetingSessions.id))
      .limit(EXPORT_MAX_ROWS),
  );
  return rows.map(completedDto);
}

/** The session, if the caller may see it and it is in the wanted state; else 404. */
async function visibleSession(tx: Database, scope: LiveScope, sessionId: string, ended: boolean) {
  const [session] = await tx
    .select({ id: meetingSessions.id, endedAt: meetingSessions.endedAt })
    .from(meetingSessions)
    .where(and(eq(meetingSessions.id, sessionId), scope.tenantId ? eq(meetingSessions.tenantId, scope.tenantId) : undefined))
    .limit(1);
  if (!session || (ended && session.endedAt === null)) throw notFound();
  return session;
}

const round = (value: number) => Math.round(value * 100) / 100;
const flagReasonOf = (reason: string | null): Schemas['QualityFlagReason'] => (reason === 'packet_loss' || reason === 'jitter' || reason === 'rtt' ? reason : null);

export async function listCurrentParticipants(scope: LiveScope, sessionId: string): Promise<Schemas['LiveParticipantList']> {
  const rows = await scope.db(async (tx) => {
    await visibleSession(tx, scope, sessionId, false);
    return tx
      .select()
      .from(meetingParticipants)
      .where(and(eq(meetingParticipants.sessionId, sessionId), isNull(meetingParticipants.leftAt)))
      .orderBy(asc(meetingParticipants.joinedAt), asc(meetingParticipants.id));
  });
  return {
    items: rows.map((row) => ({
      id: row.id,
      displayName: row.displayName,
      email: row.email,
      joinedAt: (row.lastJoinedAt ?? row.joinedAt).toISOString(),
      client: row.client,
      cameraOn: row.cameraOn,
      micOn: row.micOn,
      screenSharing: row.screenSharing,
      audioCodec: row.audioCodec,
      videoCodec: row.videoCodec,
      stats: row.statsAt
        ? { at: row.statsAt.toISOString(), bitrateInKbps: row.bitrateInKbps, bitrateOutKbps: row.bitrateOutKbps, packetLoss: row.packetLoss, jitterMs: row.jitterMs, rttMs: row.rttMs }
        : null,
      flagged: row.flagged,
      flagReason: flagReasonOf(row.flagReason),
    })),
  };
}

export async function listCompletedParticipants(scope: LiveScope, sessionId: string): Promise<Schemas['CompletedParticipantList']> {
  const { session, rows } = await scope.db(async (tx) => {
    const found = await visibleSession(tx, scope, sessionId, true);
    const people = await tx.select().from(meetingParticipants).where(eq(meetingParticipants.sessionId, sessionId)).orderBy(asc(meetingParticipants.joinedAt), asc(meetingParticipants.id));
    return { session: found, rows: people };
  });
  return {
    items: rows.map((row) => {
      const left = row.leftAt ?? present(session.endedAt, 'session.endedAt');
      const average = (sum: number) => (row.samples > 0 ? round(sum / row.samples) : null);
      return {
        id: row.id,
        displayName: row.displayName,
        email: row.email,
        joinedAt: row.joinedAt.toISOString(),
        leftAt: row.leftAt?.toISOString() ?? null,
        durationSeconds: Math.max(0, Math.round((left.getTime() - row.joinedAt.getTime()) / 1000)),
        client: row.client,
        audioCodec: row.audioCodec,
        videoCodec: row.videoCodec,
        samples: row.samples,
        avgPacketLoss: average(row.packetLossSum),
        avgJitterMs: average(row.jitterSum),
        avgRttMs: average(row.rttSum),
        flagged: row.flagged,
        flagReason: flagReasonOf(row.flagReason),
      };
    }),
  };
}
