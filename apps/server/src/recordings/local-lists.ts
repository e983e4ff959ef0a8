// The local (uploaded) recordings lists: the member's own uploads (their Recordings screen) and
// every tenant's for the platform super administrator (`local-recordings`). Newest recording date
// first, cursor-paged on (started_at, id) like the Cloud recordings list; the date range is
// optional here (an uploader's few files), but `to` before `from` is still refused.
import { and, desc, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import { newestFirstPage, olderThan, timeKeyOfCursor } from '../kernel/db/keyset.ts';
import { recordings, tenants, users } from '../kernel/db/schema.ts';
import type { Schemas } from '../kernel/http/api.ts';
import { fieldError } from '../kernel/http/problem.ts';
import type { RequestContext } from '../kernel/http/request-context.ts';
import { enqueueJob } from '../kernel/jobs/queue.ts';
import { registerOwnedData } from '../users/index.ts';
import { REMOVE_FILES_JOB } from './retention.ts';
import { likePattern } from '../kernel/db/like.ts';
import { DAY_MS, dayStart, DEFAULT_PAGE_SIZE, listedRecordingColumns, type RecordingListQuery } from './lists.ts';

// A deleted user's uploads go to the new owner the administrator chooses, or with the user: then
// their files are removed by a job queued in the deleting transaction, so only once it commits.
registerOwnedData({
  table: recordings,
  ownerColumn: recordings.ownerId,
  beforeDelete: async (tx, userId) => {
    const rows = await tx.select({ audioKey: recordings.audioKey, videoKey: recordings.videoKey }).from(recordings).where(eq(recordings.ownerId, userId));
    const keys = rows.flatMap((row) => [row.audioKey, row.videoKey]).filter((key): key is string => key !== null);
    if (keys.length > 0) await enqueueJob(tx, { kind: REMOVE_FILES_JOB, payload: { keys } });
  },
});

export type LocalListScope = {
  /** A transaction that sees the rows: the caller's tenant, or the platform for the super administrator. */
  db: RequestContext['db'];
  /** Only this user's uploads (the member's screen); null: everyone's in sight. */
  ownerId: string | null;
  /** Whether the tenant name is searched and filtered (the cross-tenant list). */
  allTenants: boolean;
};

/** The same query as the Cloud recordings list. */
export type LocalListQuery = RecordingListQuery;

function filters(scope: LocalListScope, query: LocalListQuery): (SQL | undefined)[] {
  if (query.from && query.to && query.to < query.from) throw fieldError('to', 'end_before_start', 'Cannot Choose a Pre-Date for End Date');
  const q = query.q?.trim();
  const company = query.company?.trim();
  const pattern = q ? likePattern(q) : null;
  return [
    eq(recordings.kind, 'local'),
    scope.ownerId ? eq(recordings.ownerId, scope.ownerId) : undefined,
    query.from ? gte(recordings.startedAt, dayStart(query.from)) : undefined,
    query.to ? lt(recordings.startedAt, new Date(dayStart(query.to).getTime() + DAY_MS)) : undefined,
    pattern
      ? or(ilike(recordings.topic, pattern), ilike(recordings.code, pattern), ilike(recordings.computerName, pattern), scope.allTenants ? ilike(tenants.name, pattern) : undefined)
      : undefined,
    scope.allTenants && company ? ilike(tenants.name, likePattern(company)) : undefined,
  ];
}

const mediaTypeOfKey = (key: string | null): string => {
  const extension = key?.split('.').at(-1);
  const types: Record<string, string> = { webm: 'video/webm', mkv: 'video/x-matroska', mp4: 'video/mp4', m4a: 'audio/mp4', opus: 'audio/ogg', ogg: 'audio/ogg' };
  return (extension && types[extension]) ?? 'application/octet-stream';
};

export async function listLocalRecordings(scope: LocalListScope, query: LocalListQuery): Promise<Schemas['LocalRecordingPage']> {
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const after = query.cursor ? timeKeyOfCursor(query.cursor) : null;
  const where = filters(scope, query);
  const rows = await scope.db((tx) =>
    tx
      .select({ ...listedRecordingColumns, computerName: recordings.computerName, ownerEmail: users.email })
      .from(recordings)
      .innerJoin(tenants, eq(tenants.id, recordings.tenantId))
      .leftJoin(users, eq(users.id, recordings.ownerId))
      .where(and(...where, after ? olderThan(recordings.startedAt, recordings.id, after) : undefined))
      .orderBy(desc(recordings.startedAt), desc(recordings.id))
      .limit(limit + 1),
  );
  const { page, nextCursor } = newestFirstPage(rows, limit);
  return {
    items: page.map((row) => ({
      id: row.id,
      topic: row.topic,
      meetingId: row.code,
      recordedAt: row.startedAt.toISOString(),
      computerName: row.computerName ?? '',
      fileSize: row.videoKey ? row.videoBytes : row.audioKey ? row.audioBytes : null,
      mediaType: mediaTypeOfKey(row.videoKey ?? row.audioKey),
      tenantId: row.tenantId,
      tenantName: row.tenantName,
      ownerEmail: row.ownerEmail,
      legalHold: row.legalHold,
    })),
    nextCursor,
  };
}
