// An administrator ends a running meeting from Live meetings (endLiveMeeting, issue 33 section 1)
// without joining it. The Live screens list sessions (one run of a meeting's room), so the session
// names what to end: a session on a media node closes its meeting's room as the host's End does
// (the room destroyed on the node, every grant revoked, the watchers told); one with no room to
// close (the traffic simulator's, or a room the node lost) is ended by the same `room.closed`
// event, so the lists, the meeting log and the webhook read it alike.
import { eq } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../kernel/audit/record.ts';
import type { AppDatabase } from '../kernel/db/database.ts';
import { meetingSessions } from '../kernel/db/schema.ts';
import type { Database } from '../kernel/db/types.ts';
import { notFound } from '../kernel/http/problem.ts';
import { applyMediaEvents, type EndedBy } from '../live/index.ts';
import { findMeeting } from './queries.ts';
import { closeMeetingRoom, type RoomScope } from './room.ts';
import { findRoom } from './room-queries.ts';

export type LiveEndScope = Omit<RoomScope, 'tenantId' | 'db'> & {
  /** The caller's tenant, or null for the platform super administrator, who ends any tenant's meeting. */
  tenantId: string | null;
  database: AppDatabase;
  userId: string | null;
  /** Who the audit log records, in the session's tenant. */
  actorIn: (tenantId: string) => Promise<AuditActor>;
};

type SessionRow = typeof meetingSessions.$inferSelect;

/** Ends the session's run for everyone; one that ended already is no error. Another tenant's is 404. */
export async function endLiveSession(scope: LiveEndScope, sessionId: string): Promise<void> {
  const visible = (fn: (tx: Database) => Promise<SessionRow | undefined>) => (scope.tenantId === null ? scope.database.withPlatform(fn) : scope.database.withTenant(scope.tenantId, fn));
  const session = await visible(async (tx) => (await tx.select().from(meetingSessions).where(eq(meetingSessions.id, sessionId)).limit(1))[0]);
  if (!session) throw notFound();
  if (session.endedAt) return;

  const tenantId = session.tenantId;
  const db: RoomScope['db'] = (fn) => scope.database.withTenant(tenantId, fn);
  const endedBy: EndedBy = { kind: 'administrator', userId: scope.userId };
  const actor = await scope.actorIn(tenantId);
  const { meeting, room } = await db(async (tx) => {
    const found = session.meetingId ? await findMeeting(tx, session.meetingId) : null;
    return { meeting: found, room: found && session.source === 'media' ? await findRoom(tx, found.id) : null };
  });

  if (meeting && room) await closeMeetingRoom({ ...scope, tenantId, db }, meeting, { roomId: room.roomId, endedBy });
  else if (session.meetingId) {
    const closed = { key: `session:${session.id}:ended`, node: session.node, at: scope.now().getTime(), meetingId: session.meetingId, type: 'room.closed' as const, endedBy };
    await applyMediaEvents(scope.database, session.source, [closed], scope.liveBus);
  } else {
    // Its meeting was deleted meanwhile (the session keeps no meeting to name in an event).
    await db((tx) => tx.update(meetingSessions).set({ endedAt: scope.now() }).where(eq(meetingSessions.id, session.id)));
  }

  await db((tx) =>
    recordAudit(tx, actor, {
      action: 'delete',
      entity: 'meeting_run',
      entityId: session.id,
      before: { meetingId: session.code, topic: session.topic, node: session.node, startedAt: session.startedAt.toISOString(), endedBy },
    }),
  );
}
