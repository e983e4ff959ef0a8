// Retention of cloud recordings: an hourly job deletes those that ended (or, never ended, started)
// more than the recording settings' `autoDeleteDays` ago, with their files, one audit entry per
// recording saying what went; legal hold keeps a recording whatever its age. The dry run
// (`previewRecordingRetention`) counts with the very same rule, so its figures are what the job then
// deletes. Recordings still processing are left to their conversion job. Local (uploaded)
// recordings belong to their uploader and are not deleted by age.
import { and, asc, eq, lt, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { recordAudit, type AuditActor } from '../kernel/audit/record.ts';
import { PermanentJobError } from '../kernel/jobs/queue.ts';
import { recordings, tenants } from '../kernel/db/schema.ts';
import type { Database } from '../kernel/db/types.ts';
import type { Schemas } from '../kernel/http/api.ts';
import { findSettings } from '../settings/index.ts';
import { recordingUploadsOf } from './upload.ts';

const DAY_MS = 24 * 60 * 60_000;
/** Recordings deleted per transaction; a run continues until none is due. */
const BATCH = 100;

export const RETENTION_JOB = 'recording.retention';
export const UPLOAD_EXPIRY_JOB = 'recording.uploads.expire';
/** Removes stored files whose rows are gone (a deleted user's recordings): payload `{ keys }`. */
export const REMOVE_FILES_JOB = 'recording.files.remove';

/** The instant before which a recording's end (or start) makes it due, or null when everything is kept. */
export const retentionCutoff = (autoDeleteDays: number | null, now: Date): Date | null =>
  autoDeleteDays === null ? null : new Date(now.getTime() - autoDeleteDays * DAY_MS);

const endOrStart = sql`coalesce(${recordings.endedAt}, ${recordings.startedAt})`;

/** Cloud recordings past the cutoff, legal hold aside. */
// The cutoff goes in as ISO text with a cast: compared with a bare SQL expression, Drizzle passes the
// Date itself, which postgres.js cannot serialise (PGlite can: it failed only on PostgreSQL).
const pastCutoff = (cutoff: Date): SQL => and(eq(recordings.kind, 'cloud'), ne(recordings.status, 'processing'), lt(endOrStart, sql`${cutoff.toISOString()}::timestamptz`)) as SQL;

const fileBytes = sql<number>`coalesce(case when ${recordings.audioKey} is not null then ${recordings.audioBytes} end, 0) + coalesce(case when ${recordings.videoKey} is not null then ${recordings.videoBytes} end, 0)`;

/** The saved retention period (recording settings), null when recordings are kept. */
export async function savedAutoDeleteDays(tx: Database): Promise<number | null> {
  const row = await findSettings(tx, 'recording');
  const days = row?.value.autoDeleteDays;
  return typeof days === 'number' && Number.isInteger(days) && days > 0 ? days : null;
}

/** What retention with `autoDeleteDays` would delete at `now`, per tenant (a platform transaction). */
export async function previewRetention(tx: Database, autoDeleteDays: number | null, now: Date): Promise<Schemas['RetentionPreview']> {
  const cutoff = retentionCutoff(autoDeleteDays, now);
  if (!cutoff) return { autoDeleteDays, cutoff: null, tenants: [], recordings: 0, bytes: 0 };
  const rows = await tx
    .select({
      tenantId: recordings.tenantId,
      tenantName: tenants.name,
      recordings: sql<number>`count(*) filter (where not ${recordings.legalHold})`.mapWith(Number),
      bytes: sql<number>`coalesce(sum(${fileBytes}) filter (where not ${recordings.legalHold}), 0)`.mapWith(Number),
      held: sql<number>`count(*) filter (where ${recordings.legalHold})`.mapWith(Number),
    })
    .from(recordings)
    .innerJoin(tenants, eq(tenants.id, recordings.tenantId))
    .where(pastCutoff(cutoff))
    .groupBy(recordings.tenantId, tenants.name)
    .orderBy(asc(tenants.name), asc(recordings.tenantId));
  return {
    autoDeleteDays,
    cutoff: cutoff.toISOString(),
    tenants: rows,
    recordings: rows.reduce((sum, row) => sum + row.recordings, 0),
    bytes: rows.reduce((sum, row) => sum + row.bytes, 0),
  };
}

const retentionActor = (tenantId: string): AuditActor => ({ tenantId, userId: null, label: 'retention', ip: null, requestId: null });

/**
 * Deletes every cloud recording due at `now` with its files and an audit entry; answers how many.
 * Each recording is re-read under a row lock in its tenant, so a legal hold set meanwhile wins.
 */
export async function runRetention(app: FastifyInstance, now: Date): Promise<number> {
  const { database, files } = app;
  const autoDeleteDays = await database.withPlatform(savedAutoDeleteDays);
  const cutoff = retentionCutoff(autoDeleteDays, now);
  if (!cutoff) return 0;
  let deleted = 0;
  let skipped: string[] = [];
  for (;;) {
    const due = await database.withPlatform((tx) =>
      tx
        .select({ id: recordings.id, tenantId: recordings.tenantId })
        .from(recordings)
        .where(and(pastCutoff(cutoff), eq(recordings.legalHold, false), skipped.length > 0 ? notInArray(recordings.id, skipped) : undefined))
        .orderBy(asc(recordings.startedAt), asc(recordings.id))
        .limit(BATCH),
    );
    if (due.length === 0) return deleted;
    for (const { id, tenantId } of due) {
      const gone = await database.withTenant(tenantId, async (tx) => {
        const [row] = await tx
          .select()
          .from(recordings)
          .where(and(eq(recordings.id, id), pastCutoff(cutoff), eq(recordings.legalHold, false)))
          .for('update');
        if (!row) return false;
        await tx.delete(recordings).where(eq(recordings.id, id));
        await recordAudit(tx, retentionActor(tenantId), {
          action: 'delete',
          entity: 'recording',
          entityId: id,
          before: {
            reason: 'retention',
            autoDeleteDays,
            topic: row.topic,
            meetingId: row.code,
            startedAt: row.startedAt,
            endedAt: row.endedAt,
            audio: row.audioKey ? { file: row.audioKey, bytes: row.audioBytes } : null,
            video: row.videoKey ? { file: row.videoKey, bytes: row.videoBytes } : null,
          },
        });
        // Inside the transaction: a file that cannot be removed keeps the row (and the audit entry
        // unwritten) for the next run, so nothing is ever logged as deleted that still exists.
        for (const key of [row.audioKey, row.videoKey]) if (key) await files.remove(key);
        return true;
      });
      if (gone) deleted += 1;
      else skipped = [...skipped, id];
    }
  }
}

export function registerRecordingRetentionJobs(app: FastifyInstance): void {
  app.jobs.register(RETENTION_JOB, async (_job, { now, log }) => {
    const deleted = await runRetention(app, now);
    if (deleted > 0) log.info({ deleted }, 'recording retention deleted recordings');
  });
  app.jobs.schedule({ kind: RETENTION_JOB, everySeconds: 3600 });
  app.jobs.register(UPLOAD_EXPIRY_JOB, async (_job, { log }) => {
    const removed = await recordingUploadsOf(app).tus.cleanUpExpiredUploads();
    if (removed > 0) log.info({ removed }, 'expired recording uploads removed');
  });
  app.jobs.schedule({ kind: UPLOAD_EXPIRY_JOB, everySeconds: 24 * 3600 });
  app.jobs.register(REMOVE_FILES_JOB, async (job) => {
    const { keys } = job.payload;
    if (!Array.isArray(keys)) throw new PermanentJobError('payload.keys is not a list');
    // Removing a file that is already gone is no error, so a retried job finishes the rest.
    for (const key of keys) if (typeof key === 'string') await app.files.remove(key);
  });
}
