// Current plans' usage against limits: what the tenant holds now beside what its plan allows
// (limits.ts tenantEffectiveLimits, as the meetings side enforces it), for the administrator to see before a limit refuses something (a seat when a user is
// added, a meeting at once when a host starts one: meetings/plan-limits.ts).
import { count, eq, sql } from 'drizzle-orm';
import { meetingRooms, recordings, tenants } from '../kernel/db/schema.ts';
import type { Database } from '../kernel/db/types.ts';
import type { Schemas } from '../kernel/http/api.ts';
import { seatsHeld } from '../kernel/tenancy/user-limit.ts';
import { tenantEffectiveLimits } from './limits.ts';

export const bytesPerGb = 1024 ** 3;

/** What the tenant's recordings take (their sound and picture files), against the plan's `storage_gb`. */
export async function storedRecordingBytes(tx: Database, tenantId: string): Promise<number> {
  const [stored] = await tx
    .select({ bytes: sql<string>`coalesce(sum(coalesce(${recordings.audioBytes}, 0) + coalesce(${recordings.videoBytes}, 0)), 0)` })
    .from(recordings)
    .where(eq(recordings.tenantId, tenantId));
  return Number(stored?.bytes ?? 0);
}

/** Bytes the tenant's recordings may still take under the plan's `storage_gb` (never below 0), or null when the plan sets none. */
export async function recordingStorageLeft(tx: Database, tenantId: string): Promise<number | null> {
  const { storage_gb: storageGb } = await tenantEffectiveLimits(tx, tenantId, ['storage_gb']);
  if (storageGb === undefined || storageGb === null) return null;
  return Math.max(0, storageGb * bytesPerGb - (await storedRecordingBytes(tx, tenantId)));
}

/** In the tenant's own transaction. */
export async function planUsage(tx: Database, tenantId: string): Promise<Schemas['PlanUsage']> {
  const limits = await tenantEffectiveLimits(tx, tenantId, ['storage_gb', 'concurrent_meetings', 'participants', 'meeting_duration']);
  const limitOf = (kind: string) => limits[kind] ?? null;
  const [tenant] = await tx.select({ maxUsers: tenants.maxUsers }).from(tenants).where(eq(tenants.id, tenantId));
  const seats = await seatsHeld(tx, tenantId);
  const stored = await storedRecordingBytes(tx, tenantId);
  const [running] = await tx.select({ rooms: count() }).from(meetingRooms).where(eq(meetingRooms.tenantId, tenantId));
  const storageGb = limitOf('storage_gb');
  return {
    seats: { used: seats, limit: tenant?.maxUsers ?? null },
    storageBytes: { used: stored, limit: storageGb === null ? null : storageGb * bytesPerGb },
    concurrentMeetings: { used: running?.rooms ?? 0, limit: limitOf('concurrent_meetings') },
    participantsPerMeeting: limitOf('participants'),
    meetingDurationMinutes: limitOf('meeting_duration'),
  };
}
