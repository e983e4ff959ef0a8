// Cloud recordings from meeting to file. When a recorded meeting's room closes, its `recordings`
// row (cloud, processing) and a `recording.convert` job are written in the transaction that ends
// the room, so a crash loses neither; the job (jobs.ts) converts the media server's raw files of
// that room (its own directory, `MediaPlatform.recordingsDir`) and marks the row ready or failed.
import { and, desc, eq, isNull } from 'drizzle-orm';
import { meetingSessions, recordings } from '../kernel/db/schema.ts';
import type { Database } from '../kernel/db/types.ts';
import { enqueueJob } from '../kernel/jobs/queue.ts';
import { present } from '../kernel/db/present.ts';

export const convertJobKind = 'recording.convert';

/** Janus closes a room's recorders when the room is destroyed, right after it ends: give it a moment. */
export const convertDelayMs = 3_000;

export type ConvertPayload = {
  recordingId: string;
  tenantId: string;
  /** The room's raw recordings on this server; null: the media server's files are not reachable from here. */
  rawDir: string | null;
  /** Audio-only record mode: no video file. */
  audioOnly: boolean;
  /** The room's record mode, which lays out the picture (layout.ts); absent in jobs queued before it was kept. */
  recordMode?: string | null;
};

export type NewCloudRecording = {
  tenantId: string;
  sessionId: string | null;
  meetingId: string | null;
  code: string;
  topic: string;
  startedAt: Date;
  endedAt: Date;
  ownerId: string | null;
  rawDir: string | null;
  audioOnly: boolean;
  recordMode?: string | null;
};

/** The record modes (settings section `recording`) that record no picture. */
export const audioOnlyModes: ReadonlySet<string> = new Set(['audio_only']);

/** Creates the recording (processing) and queues its conversion, in the caller's tenant transaction. */
export async function queueCloudRecording(tx: Database, input: NewCloudRecording, now: Date = new Date()): Promise<string> {
  const [row] = await tx
    .insert(recordings)
    .values({
      tenantId: input.tenantId,
      kind: 'cloud',
      status: 'processing',
      sessionId: input.sessionId,
      meetingId: input.meetingId,
      code: input.code,
      topic: input.topic,
      startedAt: input.startedAt,
      endedAt: input.endedAt,
      ownerId: input.ownerId,
    })
    .returning({ id: recordings.id });
  const payload: ConvertPayload = { recordingId: present(row, 'row').id, tenantId: input.tenantId, rawDir: input.rawDir, audioOnly: input.audioOnly, recordMode: input.recordMode ?? null };
  await enqueueJob(tx, { kind: convertJobKind, payload, runAt: new Date(now.getTime() + convertDelayMs), dedupeKey: `${convertJobKind}:${present(row, 'row').id}`, maxAttempts: 4 }, now);
  return present(row, 'row').id;
}

/**
 * For a meeting whose room is being ended (in the same transaction): its recording, from the run
 * now open, when the meeting is recorded. End-to-end encrypted meetings are never recorded
 * (media-platform.md: their raw files are ciphertext); the portal has no such meetings yet, and
 * `encrypted` is where that rule takes effect when it does.
 */
export async function queueRecordingOfEndingRoom(
  tx: Database,
  meeting: { id: string; tenantId: string; code: string; topic: string; hostId: string; recordMode: string | null; encrypted?: boolean },
  room: { startedAt: Date },
  rawDir: string | null,
  now: Date = new Date(),
): Promise<string | null> {
  if (meeting.recordMode === null || meeting.encrypted === true) return null;
  const [session] = await tx
    .select({ id: meetingSessions.id, startedAt: meetingSessions.startedAt })
    .from(meetingSessions)
    .where(and(eq(meetingSessions.meetingId, meeting.id), isNull(meetingSessions.endedAt)))
    .orderBy(desc(meetingSessions.startedAt))
    .limit(1);
  return queueCloudRecording(
    tx,
    {
      tenantId: meeting.tenantId,
      sessionId: session?.id ?? null,
      meetingId: meeting.id,
      code: meeting.code,
      topic: meeting.topic,
      // From when the room opened: a media node restart mid-meeting begins a new run (session) in the
      // same room, whose folder holds both runs' files (room-restart.ts), so the recording covers both.
      startedAt: session && session.startedAt < room.startedAt ? session.startedAt : room.startedAt,
      endedAt: now,
      ownerId: meeting.hostId,
      rawDir,
      audioOnly: audioOnlyModes.has(meeting.recordMode),
      recordMode: meeting.recordMode,
    },
    now,
  );
}
