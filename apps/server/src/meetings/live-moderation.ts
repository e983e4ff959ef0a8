// What an administrator does to a running meeting from Live meetings without joining it (issue 33
// section 1): end it for everyone (endLiveMeeting), put a participant out (removeLiveParticipant),
// mute one (muteLiveParticipant) and lock it against newcomers (lockLiveMeeting).
// The Live screens list sessions (one run of a meeting's room), so the session names the meeting.
// A session on a media node acts on its meeting's room there; one with no room (the traffic
// simulator's, or a room the node lost) is changed by the same media events the node would cause,
// so the lists, the meeting log and the webhooks read both alike.
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { recordAudit, type AuditActor } from '../kernel/audit/record.ts';
import type { AppDatabase } from '../kernel/db/database.ts';
import { meetingParticipants, meetingSessions } from '../kernel/db/schema.ts';
import type { Database } from '../kernel/db/types.ts';
import { enqueueJob, PermanentJobError } from '../kernel/jobs/index.ts';
import { notFound, ProblemError } from '../kernel/http/problem.ts';
import { applyMediaEvents, opaqueIdOf, type EndedBy, type MediaEvent } from '../live/index.ts';
import { mediaUnavailable } from '../media/index.ts';
import { emitWebhookEvent } from '../webhooks/index.ts';
import { findMeeting, type MeetingRow } from './queries.ts';
import { closeMeetingRoom, roomKey, type RoomScope } from './room.ts';
import { findRoom, lockRoom, rememberBlocked, type MeetingRoomRow } from './room-queries.ts';

/**
 * How long a removed participant's grant tokens outlive the kick. Revoked at once, their page could
 * not read the `kicked` event (Janus refuses the long poll), and would say the connection was lost
 * instead of that they were removed. Meanwhile the token could rejoin the room, so the job kicks
 * again whoever is in on it, then revokes it.
 */
export const removalRevokeDelayMs = 5_000;
export const removalRevokeJobKind = 'meeting.removal.revoke';

export type LiveModerationScope = Omit<RoomScope, 'tenantId' | 'db'> & {
  /** The caller's tenant, or null for the platform super administrator, who acts on any tenant's meeting. */
  tenantId: string | null;
  database: AppDatabase;
  userId: string | null;
  /** Who the audit log records, in the session's tenant. */
  actorIn: (tenantId: string) => Promise<AuditActor>;
};

type SessionRow = typeof meetingSessions.$inferSelect;

/** The running session as the caller may see it, in its tenant's transactions from here on, with its meeting and room; 404 otherwise. */
async function runningSession(scope: LiveModerationScope, sessionId: string) {
  const visible = (fn: (tx: Database) => Promise<SessionRow | undefined>) => (scope.tenantId === null ? scope.database.withPlatform(fn) : scope.database.withTenant(scope.tenantId, fn));
  const session = await visible(async (tx) => (await tx.select().from(meetingSessions).where(eq(meetingSessions.id, sessionId)).limit(1))[0]);
  if (!session) throw notFound();
  const tenantId = session.tenantId;
  const db: RoomScope['db'] = (fn) => scope.database.withTenant(tenantId, fn);
  const { meeting, room } = await db(async (tx) => {
    const found = session.meetingId ? await findMeeting(tx, session.meetingId) : null;
    return { meeting: found, room: found && session.source === 'media' ? await findRoom(tx, found.id) : null };
  });
  return { session, tenantId, db, meeting, room, actor: await scope.actorIn(tenantId) };
}

/**
 * Events as the session's own source would send them (a simulated session's stay simulated), at
 * the wall clock's time as the node's own events are (room.ts roomEvents): a leave stamped before
 * the node's join would be taken for a late one.
 */
const apply = (scope: LiveModerationScope, session: SessionRow, events: MediaEvent[]) => applyMediaEvents(scope.database, session.source, events, scope.liveBus);

/** Ends the session's run for everyone; one that ended already is no error. Another tenant's is 404. */
export async function endLiveSession(scope: LiveModerationScope, sessionId: string): Promise<void> {
  const { session, tenantId, db, meeting, room, actor } = await runningSession(scope, sessionId);
  if (session.endedAt) return;
  const endedBy: EndedBy = { kind: 'administrator', userId: scope.userId };
  if (meeting && room) await closeMeetingRoom({ ...scope, tenantId, db }, meeting, { roomId: room.roomId, endedBy });
  else if (session.meetingId) {
    await apply(scope, session, [{ key: `session:${session.id}:ended`, node: session.node, at: Date.now(), meetingId: session.meetingId, type: 'room.closed', endedBy }]);
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

/**
 * Locks the run against new participants, or opens it again: joinMeeting then refuses them
 * (room.ts), so no new grant reaches the node. Only a room on a media node can be locked.
 */
export async function lockLiveSession(scope: LiveModerationScope, sessionId: string, locked: boolean): Promise<void> {
  const { session, db, meeting, room, actor } = await runningSession(scope, sessionId);
  if (session.endedAt || !meeting || !room) throw new ProblemError(409, 'meeting_not_running', { detail: 'Only a meeting running on a media node can be locked.' });
  await db(async (tx) => {
    await lockRoom(tx, meeting.id, room.roomId, locked);
    await recordAudit(tx, actor, { action: 'update', entity: 'meeting_run', entityId: session.id, before: { meetingId: session.code, locked: room.locked }, after: { meetingId: session.code, locked } });
  });
  // After the commit: every watcher's Live meetings shows the lock at once.
  scope.liveBus.publish({ tenantId: session.tenantId, sessionIds: [session.id] });
}

/** Someone in the running session now, by their row; 404 otherwise. */
async function presentParticipant(db: RoomScope['db'], session: SessionRow, participantId: string) {
  const [person] = await db((tx) =>
    tx
      .select()
      .from(meetingParticipants)
      .where(and(eq(meetingParticipants.id, participantId), eq(meetingParticipants.sessionId, session.id), isNull(meetingParticipants.leftAt))),
  );
  if (session.endedAt || !person || !session.meetingId) throw notFound();
  return { person, meetingId: session.meetingId };
}

/**
 * Mutes a participant's audio or video on the node (VideoRoom `moderate`): what they send of it
 * reaches nobody until it is lifted (unmuteParticipant, which they may do themselves by their
 * grant, as after a mute on entry). A simulated participant is shown muted.
 */
export async function muteLiveParticipant(scope: LiveModerationScope, sessionId: string, participantId: string, kinds: readonly ('audio' | 'video')[]): Promise<void> {
  const { session, db, meeting, room, actor } = await runningSession(scope, sessionId);
  const { person, meetingId } = await presentParticipant(db, session, participantId);
  if (meeting && room) {
    const { moderate } = scope.media;
    if (!scope.media.configured || !moderate) throw mediaUnavailable();
    const opaqueId = opaqueIdOf(meeting.id, person.participantKey);
    const key = roomKey(room, scope.secrets);
    for (const handle of (await scope.media.roomState(room.roomId)).handles) {
      if (handle.opaqueId !== opaqueId || handle.role !== 'publisher' || handle.participantId === null) continue;
      const mids = (handle.mids ?? []).filter((stream) => kinds.includes(stream.kind)).map((stream) => stream.mid);
      if (mids.length > 0) await moderate(key, handle.participantId, mids, true);
    }
  }
  const at = Date.now();
  await apply(scope, session, [{ key: `muted:${person.id}:${at}`, node: session.node, at, meetingId, type: 'stream.unpublished', participant: person.participantKey, kinds: [...kinds] }]);
  await db((tx) =>
    recordAudit(tx, actor, { action: 'update', entity: 'meeting_run', entityId: session.id, after: { meetingId: session.code, muted: { participant: person.participantKey, displayName: person.displayName, kinds } } }),
  );
}

/**
 * Puts someone in the running meeting out: the node kicks their publisher (their page is told) and
 * their grants are revoked, so their client cannot come back on them; `block` also bars their
 * participant key from joining this run (a guest's key is their grant's, see the contract).
 */
export async function removeLiveParticipant(scope: LiveModerationScope, sessionId: string, participantId: string, options: { block: boolean }): Promise<void> {
  const { session, db, meeting, room, actor } = await runningSession(scope, sessionId);
  const { person, meetingId } = await presentParticipant(db, session, participantId);
  if (meeting && room) await putOutOfRoom(scope, db, meeting, room, person.participantKey, options.block);

  const removedBy = { kind: 'administrator' as const, userId: scope.userId };
  const at = Date.now();
  await apply(scope, session, [{ key: `removed:${person.id}:${at}`, node: session.node, at, meetingId, type: 'participant.left', participant: person.participantKey, reason: 'removed' }]);
  await db(async (tx) => {
    const run = { meetingId, sessionId: session.id, code: session.code, topic: session.topic };
    await emitWebhookEvent(tx, session.tenantId, 'participant.removed', { ...run, participant: person.participantKey, displayName: person.displayName, blocked: options.block, removedBy, at: new Date(at).toISOString() });
    await recordAudit(tx, actor, {
      action: 'update',
      entity: 'meeting_run',
      entityId: session.id,
      after: { meetingId: session.code, removed: { participant: person.participantKey, displayName: person.displayName, email: person.email }, blocked: options.block },
    });
  });
}

/** Kicks every publisher of the participant in the room; answers the grant tokens their connections use. */
async function kickParticipant(media: RoomScope['media'], room: { roomId: number; secret: string }, opaqueId: string): Promise<string[]> {
  const { kick } = media;
  if (!media.configured || !kick) throw mediaUnavailable();
  const theirs = (await media.roomState(room.roomId)).handles.filter((handle) => handle.opaqueId === opaqueId);
  for (const handle of theirs) if (handle.role === 'publisher' && handle.participantId !== null) await kick(room, handle.participantId);
  return [...new Set(theirs.flatMap((handle) => (handle.token ? [handle.token] : [])))];
}

/** On the media node: barred first (a quick rejoin is refused), then kicked; their tokens are revoked a moment later (above). */
async function putOutOfRoom(scope: LiveModerationScope, db: RoomScope['db'], meeting: MeetingRow, room: MeetingRoomRow, participantKey: string, block: boolean) {
  if (!scope.media.configured || !scope.media.kick) throw mediaUnavailable();
  if (block) await db((tx) => rememberBlocked(tx, meeting.id, participantKey));
  const opaqueId = opaqueIdOf(meeting.id, participantKey);
  const tokens = await kickParticipant(scope.media, roomKey(room, scope.secrets), opaqueId);
  const payload = { tenantId: room.tenantId, meetingId: meeting.id, roomId: room.roomId, opaqueId, tokens: tokens.map((token) => scope.secrets.seal(token)) };
  await db((tx) => enqueueJob(tx, { kind: removalRevokeJobKind, payload, runAt: new Date(scope.now().getTime() + removalRevokeDelayMs) }, scope.now()));
}

/** The job above: in the same run of the room only (a room ended since revoked every grant). */
export function registerRemovalRevoke(app: FastifyInstance): void {
  app.jobs.register(removalRevokeJobKind, async (job) => {
    const { tenantId, meetingId, roomId, opaqueId, tokens } = job.payload as { tenantId?: string; meetingId?: string; roomId?: number; opaqueId?: string; tokens?: string[] };
    if (!tenantId || !meetingId || typeof roomId !== 'number' || !opaqueId || !Array.isArray(tokens)) throw new PermanentJobError('a removal without its participant');
    const room = await app.database.withTenant(tenantId, (tx) => findRoom(tx, meetingId));
    if (!room || room.roomId !== roomId) return;
    const key = roomKey(room, app.secrets);
    const inUse = await kickParticipant(app.media, key, opaqueId);
    for (const token of new Set([...tokens.map((sealed) => app.secrets.open(sealed)), ...inUse])) await app.media.revoke(key, token);
  });
}
