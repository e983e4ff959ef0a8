// What the tenant's plan lets its meetings do: billing's tenantEffectiveLimits (a plan without a
// kind leaves it unlimited; the most generous plan's per-meeting values; pooled values add up with
// the bundles'; a tenant without a meeting plan has the platform's defaults from the Tenant
// configuration screen, unlimited where none is set). Checked where each one matters:
// - the length of a meeting when it is scheduled or changed (a field error on durationMinutes), and
//   a running meeting is ended at that length (a job queued when its room opens, room-end-job.ts);
// - meetings at once when a room opens (409, under a per-tenant lock, so two hosts starting together
//   cannot both take the last one);
// - people in the meeting when someone joins (409), and on the media node itself: the room takes no
//   more publishers than that;
// - recording storage when a room opens: with the plan's storage full the meeting runs unrecorded,
//   and the tenant's administrators are told by mail, once a day (storage-full-mail.ts).
import { and, count, eq, isNull, ne, sql } from 'drizzle-orm';
import { bytesPerGb, storedRecordingBytes, tenantEffectiveLimits } from '../billing/index.ts';
import { meetingParticipants, meetingRooms, meetingSessions } from '../kernel/db/schema.ts';
import type { Database } from '../kernel/db/types.ts';
import { fieldError, ProblemError } from '../kernel/http/problem.ts';
import { enqueueJob } from '../kernel/jobs/index.ts';
import type { MeetingRoomRow } from './room-queries.ts';

export type MeetingLimits = { participants: number | null; durationMinutes: number | null; concurrentMeetings: number | null; storageBytes: number | null };

/** In the tenant's own transaction. */
export async function meetingLimitsOf(tx: Database, tenantId: string): Promise<MeetingLimits> {
  const limits = await tenantEffectiveLimits(tx, tenantId, ['participants', 'meeting_duration', 'concurrent_meetings', 'storage_gb']);
  const storageGb = limits.storage_gb ?? null;
  return {
    participants: limits.participants ?? null,
    durationMinutes: limits.meeting_duration ?? null,
    concurrentMeetings: limits.concurrent_meetings ?? null,
    storageBytes: storageGb === null ? null : storageGb * bytesPerGb,
  };
}

/** Whether the tenant's recordings fill the plan's storage: a new room then does not record. */
export async function recordingStorageFull(tx: Database, tenantId: string, limits: MeetingLimits): Promise<boolean> {
  return limits.storageBytes !== null && (await storedRecordingBytes(tx, tenantId)) >= limits.storageBytes;
}

/** A meeting (or an occurrence) as long as the plan allows, or a field error. */
export function checkPlanDuration(limits: MeetingLimits, minutes: number | null | undefined): void {
  if (minutes === null || minutes === undefined || limits.durationMinutes === null || minutes <= limits.durationMinutes) return;
  throw fieldError('durationMinutes', 'plan_duration_exceeded', `The organisation's plan allows meetings of at most ${limits.durationMinutes} minutes`);
}

/** The senders a new room takes: the plan's participants, never more than the room's own maximum. */
export const roomPublishers = (limits: MeetingLimits, roomMaximum: number) => (limits.participants === null ? roomMaximum : Math.max(1, Math.min(limits.participants, roomMaximum)));

/**
 * Before the meeting's room is kept: refuses when the plan's meetings at once are running (the
 * meeting's own room, kept meanwhile by someone else joining, is not another one). Takes a
 * transaction lock per tenant, so the count holds until the caller's insert commits.
 */
export async function checkConcurrentMeetings(tx: Database, tenantId: string, meetingId: string, limits: MeetingLimits): Promise<void> {
  if (limits.concurrentMeetings === null) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`meeting-rooms:${tenantId}`}))`);
  const [running] = await tx
    .select({ rooms: count() })
    .from(meetingRooms)
    .where(and(eq(meetingRooms.tenantId, tenantId), ne(meetingRooms.meetingId, meetingId)));
  if ((running?.rooms ?? 0) < limits.concurrentMeetings) return;
  throw new ProblemError(409, 'concurrent_meetings_limit', {
    detail: `The organisation's plan allows ${limits.concurrentMeetings} meetings at once, and that many are running: end one first.`,
  });
}

/** Before a grant for `participant`: refuses when the plan's number of people are in the meeting already (not counting them). */
export async function checkParticipantRoom(tx: Database, meetingId: string, participant: string, limits: MeetingLimits): Promise<void> {
  if (limits.participants === null) return;
  const [present] = await tx
    .select({ people: count() })
    .from(meetingParticipants)
    .innerJoin(meetingSessions, eq(meetingSessions.id, meetingParticipants.sessionId))
    .where(and(eq(meetingSessions.meetingId, meetingId), isNull(meetingSessions.endedAt), isNull(meetingParticipants.leftAt), ne(meetingParticipants.participantKey, participant)));
  if ((present?.people ?? 0) < limits.participants) return;
  throw new ProblemError(409, 'participant_limit_reached', { detail: `This meeting is full: the organisation's plan allows ${limits.participants} participants.` });
}

export const endAtPlanLimitJobKind = 'meeting.end-at-plan-limit';

/** In the transaction that keeps the new room: the job that ends it at the plan's length. */
export async function queueEndAtPlanLimit(tx: Database, room: MeetingRoomRow, limits: MeetingLimits): Promise<void> {
  if (limits.durationMinutes === null) return;
  await enqueueJob(tx, {
    kind: endAtPlanLimitJobKind,
    payload: { tenantId: room.tenantId, meetingId: room.meetingId, roomId: room.roomId },
    runAt: new Date(room.startedAt.getTime() + limits.durationMinutes * 60_000),
    dedupeKey: `${endAtPlanLimitJobKind}:${room.roomId}`,
  });
}

