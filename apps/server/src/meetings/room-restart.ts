// A media node restarted: its rooms, sessions and tokens are gone (portal rooms are not
// permanent), while the portal still has its meetings running there. When the node says it
// started (the event handler's core `started` event, which the ingest hands here), every meeting
// room the portal keeps on that node since before that start is handled in turn:
// - its live run is ended at the restart (room.closed: everyone in it has left), so live meetings
//   and dashboards show no phantom participants, and a new run begins with the re-created room;
// - the room is created again on the node, with the same id, secret, PIN and recording as before,
//   so people re-join with a fresh grant (the old grants and their tokens died with the node and
//   are forgotten here);
// - a room that cannot be re-created is ended for good (its recording, if any, is queued as a
//   normal end would).
import type { FastifyInstance } from 'fastify';
import { and, eq, lt } from 'drizzle-orm';
import { meetingRooms, meetings } from '../kernel/db/schema.ts';
import { applyMediaEvents } from '../live/index.ts';
import type { MediaEvent } from '../live/index.ts';
import { queueRecordingOfEndingRoom } from '../recordings/index.ts';
import { forgetGrantsOf } from './grants.ts';
import { meetingLimitsOf, roomPublishers } from './plan-limits.ts';
import { publishersPerRoom } from './room.ts';

export type RecoveredRooms = { recreated: number; ended: number };

export async function recoverRoomsAfterRestart(app: Pick<FastifyInstance, 'database' | 'media' | 'secrets' | 'liveBus' | 'log'>, node: string, at: number): Promise<RecoveredRooms> {
  const result: RecoveredRooms = { recreated: 0, ended: 0 };
  if (!app.media.configured) return result;
  const rooms = await app.database.withPlatform((tx) =>
    tx
      .select({ room: meetingRooms, meeting: meetings })
      .from(meetingRooms)
      .innerJoin(meetings, eq(meetings.id, meetingRooms.meetingId))
      // Only the rooms the restart took away: the started event may arrive after rooms were opened
      // on the new instance (its handler delivers it once the portal listens), and those are live.
      .where(and(eq(meetingRooms.node, node), lt(meetingRooms.startedAt, new Date(at)))),
  );
  for (const { room, meeting } of rooms) {
    const base = { node, meetingId: meeting.id };
    const closed: MediaEvent = { ...base, key: `room:${room.roomId}:restart:${at}:closed`, at, type: 'room.closed' };
    try {
      const limits = await app.database.withTenant(meeting.tenantId, (tx) => meetingLimitsOf(tx, meeting.tenantId));
      await app.media.openRoom({
        roomId: room.roomId,
        label: `meeting ${meeting.code}`,
        secret: app.secrets.open(room.roomSecret),
        pin: meeting.password,
        record: room.recordMode !== null,
        publishers: roomPublishers(limits, publishersPerRoom),
        endToEndEncrypted: meeting.endToEndEncrypted,
      });
      await app.database.withTenant(meeting.tenantId, (tx) => forgetGrantsOf(tx, meeting.id));
      const opened: MediaEvent[] = [
        { ...base, key: `room:${room.roomId}:restart:${at}:opened`, at: at + 1, type: 'room.opened', roomId: room.roomId },
        ...(room.recordMode !== null ? [{ ...base, key: `room:${room.roomId}:restart:${at}:recording`, at: at + 1, type: 'recording.started' } as const] : []),
      ];
      await applyMediaEvents(app.database, 'media', [closed, ...opened], app.liveBus);
      result.recreated += 1;
    } catch (error) {
      app.log.warn({ err: error, meetingId: meeting.id, roomId: room.roomId }, 'a meeting room could not be re-created after its media node restarted: the meeting is ended');
      await app.database.withTenant(meeting.tenantId, async (tx) => {
        const [ended] = await tx.delete(meetingRooms).where(eq(meetingRooms.meetingId, meeting.id)).returning();
        await forgetGrantsOf(tx, meeting.id);
        if (ended) await queueRecordingOfEndingRoom(tx, { ...meeting, recordMode: ended.recordMode, encrypted: meeting.endToEndEncrypted }, ended, app.media.recordingsDir?.(ended.roomId) ?? null);
      });
      await applyMediaEvents(app.database, 'media', [closed], app.liveBus);
      result.ended += 1;
    }
  }
  return result;
}
