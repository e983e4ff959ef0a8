// Drizzle queries of running meetings (table meeting_rooms), in the caller's tenant transaction.
import { and, eq, sql } from 'drizzle-orm';
import { meetingCoHosts, meetingRooms, meetings } from '../kernel/db/schema.ts';
import type { Database } from '../kernel/db/types.ts';
import type { MeetingRow } from './queries.ts';

export type MeetingRoomRow = typeof meetingRooms.$inferSelect;

export async function findMeetingByCode(tx: Database, code: string): Promise<MeetingRow | null> {
  const [row] = await tx.select().from(meetings).where(eq(meetings.code, code)).limit(1);
  return row ?? null;
}

export async function findRoom(tx: Database, meetingId: string): Promise<MeetingRoomRow | null> {
  const [row] = await tx.select().from(meetingRooms).where(eq(meetingRooms.meetingId, meetingId)).limit(1);
  return row ?? null;
}

/** Adds mutes lifted in the running room to its row (each once). */
export async function rememberLiftedMutes(tx: Database, meetingId: string, keys: readonly string[]): Promise<void> {
  await tx
    .update(meetingRooms)
    .set({ liftedMutes: sql`(select coalesce(jsonb_agg(distinct key), '[]'::jsonb) from jsonb_array_elements_text(${meetingRooms.liftedMutes} || ${JSON.stringify(keys)}::jsonb) as key)` })
    .where(eq(meetingRooms.meetingId, meetingId));
}

/** Bars a removed participant from the room's run (live-moderation.ts): joinMeeting refuses them until it ends. */
export async function rememberBlocked(tx: Database, meetingId: string, participantKey: string): Promise<void> {
  await tx
    .update(meetingRooms)
    .set({ blocked: sql`(select coalesce(jsonb_agg(distinct key), '[]'::jsonb) from jsonb_array_elements_text(${meetingRooms.blocked} || ${JSON.stringify([participantKey])}::jsonb) as key)` })
    .where(eq(meetingRooms.meetingId, meetingId));
}

/** Locks (or opens) the room's run, if it is still that run. */
export async function lockRoom(tx: Database, meetingId: string, roomId: number, locked: boolean): Promise<void> {
  await tx
    .update(meetingRooms)
    .set({ locked })
    .where(and(eq(meetingRooms.meetingId, meetingId), eq(meetingRooms.roomId, roomId)));
}

export async function isCoHost(tx: Database, meetingId: string, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ userId: meetingCoHosts.userId })
    .from(meetingCoHosts)
    .where(and(eq(meetingCoHosts.meetingId, meetingId), eq(meetingCoHosts.userId, userId)))
    .limit(1);
  return row !== undefined;
}

/** Records the room unless another one was recorded first (two starts at once); answers the one kept. */
export async function keepRoom(tx: Database, values: Omit<typeof meetingRooms.$inferInsert, 'startedAt'>): Promise<{ row: MeetingRoomRow; inserted: boolean }> {
  const [inserted] = await tx.insert(meetingRooms).values(values).onConflictDoNothing().returning();
  if (inserted) return { row: inserted, inserted: true };
  const existing = await findRoom(tx, values.meetingId);
  if (!existing) throw new Error('meeting room vanished while starting');
  return { row: existing, inserted: false };
}

/** The meeting's room, gone; with `roomId`, only while it is that room. */
export async function deleteRoom(tx: Database, meetingId: string, roomId?: number): Promise<MeetingRoomRow | null> {
  const which = roomId === undefined ? eq(meetingRooms.meetingId, meetingId) : and(eq(meetingRooms.meetingId, meetingId), eq(meetingRooms.roomId, roomId));
  const [row] = await tx.delete(meetingRooms).where(which).returning();
  return row ?? null;
}
