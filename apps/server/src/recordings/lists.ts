// The Cloud recordings list (spec 'Cloud recordings'): the cloud recordings of meetings, newest
// first, with their processing status and files. Scoped like the completed meetings list
// (src/live/lists.ts): the platform super administrator reads every tenant's in a platform
// transaction (narrowed by `company`), anyone else their own tenant's under row-level security.
import { and, desc, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import { microsecondKey, newestFirstPage, olderThan, timeKeyOfCursor } from '../kernel/db/keyset.ts';
import { recordings, tenants } from '../kernel/db/schema.ts';
import type { Schemas } from '../kernel/http/api.ts';
import { fieldError } from '../kernel/http/problem.ts';
import type { LiveScope } from '../live/index.ts';
import { likePattern } from '../kernel/db/like.ts';

export type RecordingListQuery = {
  q?: string | undefined;
  cursor?: string | undefined;
  limit?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  company?: string | undefined;
};

export const DEFAULT_PAGE_SIZE = 25;
export const DAY_MS = 24 * 60 * 60_000;
const MAX_WINDOW_DAYS = 366;

export const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);

/** The columns both recordings lists (cloud here, local in local-lists.ts) read, with the keyset's `at`. */
export const listedRecordingColumns = {
  id: recordings.id,
  code: recordings.code,
  topic: recordings.topic,
  tenantId: recordings.tenantId,
  tenantName: tenants.name,
  startedAt: recordings.startedAt,
  audioKey: recordings.audioKey,
  audioBytes: recordings.audioBytes,
  videoKey: recordings.videoKey,
  videoBytes: recordings.videoBytes,
  legalHold: recordings.legalHold,
  at: microsecondKey(recordings.startedAt),
};

/** [from, to + 1 day): the last 30 days unless chosen, at most a year. */
function windowOf(scope: LiveScope, query: RecordingListQuery): { from: Date; to: Date } {
  const toDay = query.to ?? scope.now().toISOString().slice(0, 10);
  const fromDay = query.from ?? new Date(dayStart(toDay).getTime() - 30 * DAY_MS).toISOString().slice(0, 10);
  if (toDay < fromDay) throw fieldError('to', 'end_before_start', 'Cannot Choose a Pre-Date for End Date');
  const window = { from: dayStart(fromDay), to: new Date(dayStart(toDay).getTime() + DAY_MS) };
  if (window.to.getTime() - window.from.getTime() > MAX_WINDOW_DAYS * DAY_MS) throw fieldError('to', 'window_too_long', `At most ${MAX_WINDOW_DAYS} days at a time.`);
  return window;
}

function filters(scope: LiveScope, query: RecordingListQuery, window: { from: Date; to: Date }): (SQL | undefined)[] {
  const q = query.q?.trim();
  const company = query.company?.trim();
  const pattern = q ? likePattern(q) : null;
  return [
    eq(recordings.kind, 'cloud'),
    scope.tenantId ? eq(recordings.tenantId, scope.tenantId) : undefined,
    gte(recordings.startedAt, window.from),
    lt(recordings.startedAt, window.to),
    pattern ? or(ilike(recordings.topic, pattern), ilike(recordings.code, pattern), scope.tenantId ? undefined : ilike(tenants.name, pattern)) : undefined,
    !scope.tenantId && company ? ilike(tenants.name, likePattern(company)) : undefined,
  ];
}

export async function listCloudRecordings(scope: LiveScope, query: RecordingListQuery): Promise<Schemas['RecordingPage']> {
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const after = query.cursor ? timeKeyOfCursor(query.cursor) : null;
  const window = windowOf(scope, query);
  const rows = await scope.db((tx) =>
    tx
      .select({
        ...listedRecordingColumns,
        endedAt: recordings.endedAt,
        durationSeconds: recordings.durationSeconds,
        status: recordings.status,
        failure: recordings.failure,
      })
      .from(recordings)
      .innerJoin(tenants, eq(tenants.id, recordings.tenantId))
      .where(and(...filters(scope, query, window), after ? olderThan(recordings.startedAt, recordings.id, after) : undefined))
      .orderBy(desc(recordings.startedAt), desc(recordings.id))
      .limit(limit + 1),
  );
  const { page, nextCursor } = newestFirstPage(rows, limit);
  return {
    items: page.map((row) => {
      const audio = row.audioKey !== null;
      const video = row.videoKey !== null;
      const bytes = (audio ? (row.audioBytes ?? 0) : 0) + (video ? (row.videoBytes ?? 0) : 0);
      return {
        id: row.id,
        meetingId: row.code,
        topic: row.topic,
        tenantId: row.tenantId,
        tenantName: row.tenantName,
        startTime: row.startedAt.toISOString(),
        endTime: row.endedAt?.toISOString() ?? null,
        durationSeconds: row.durationSeconds,
        status: row.status,
        failure: row.status === 'failed' ? row.failure : null,
        audio,
        video,
        fileSize: audio || video ? bytes : null,
        legalHold: row.legalHold,
      };
    }),
    nextCursor,
  };
}
