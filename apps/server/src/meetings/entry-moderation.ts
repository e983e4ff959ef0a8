// Mute and video off on entry, enforced by the media server rather than trusted to the page. The
// join grant tells the room page to start muted (room.ts), but a page can ignore it; so when the
// media server says a participant's publisher went on air (its `published` event, which the
// ingest hands here), the portal mutes that publisher's audio (muteOnEntry) and video
// (videoOffOnEntry) streams through the VideoRoom `moderate` request. A stream muted so reaches no
// one and only a moderator can let it through: unmuteParticipant does, for the participant themself
// (from the room, by their join grant, as Zoom lets people unmute themselves) or the host or a co-host.
// The host and co-hosts are never muted on entry. What a host lifted stays lifted for that
// participant while the room runs, even if they publish again: it is kept on the room's row
// (`meeting_rooms.lifted_mutes`), so every server replica hearing the next publish knows it.
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { meetings } from '../kernel/db/schema.ts';
import { notFound, ProblemError } from '../kernel/http/problem.ts';
import { opaqueIdOf, parseOpaqueId } from '../live/index.ts';
import { mediaUnavailable, type PublisherOnAir } from '../media/index.ts';
import { grantVerifies, type HostScope, type RoomScope } from './room.ts';
import { findRoom, isCoHost, rememberLiftedMutes } from './room-queries.ts';
import { joinPolicyOf } from './room-policy.ts';
import { findMyMeeting } from './queries.ts';
import { requirePermission } from './access.ts';
import { isUuid } from '../kernel/db/keyset.ts';
import { present } from '../kernel/db/present.ts';

type Kind = 'audio' | 'video';

/** A stream let through in the room's `liftedMutes`. */
const liftedKey = (participant: string, kind: Kind) => `${participant}|${kind}`;

/** Mutes on entry what the meeting's options ask, for each publisher that went on air; failures are logged, never thrown (the ingest goes on). */
export async function enforceEntryMutes(app: Pick<FastifyInstance, 'database' | 'media' | 'secrets' | 'log'>, onAir: readonly PublisherOnAir[]): Promise<number> {
  const moderate = app.media.moderate;
  if (!moderate || onAir.length === 0) return 0;
  let muted = 0;
  for (const publisher of onAir) {
    try {
      // Platform transaction: the ingest belongs to no tenant, and the opaque id names the meeting.
      const found = await app.database.withPlatform(async (tx) => {
        const [meeting] = await tx.select().from(meetings).where(eq(meetings.id, publisher.meetingId)).limit(1);
        if (!meeting) return null;
        const room = await findRoom(tx, meeting.id);
        if (!room || room.roomId !== publisher.roomId) return null;
        // A signed-in participant's key is their user id; a guest's (`guest-…`) is never a host's.
        const signedIn = isUuid(publisher.participant);
        const moderator = signedIn && (meeting.hostId === publisher.participant || (await isCoHost(tx, meeting.id, publisher.participant)));
        return moderator ? null : { meeting, room };
      });
      if (!found) continue;
      const policy = joinPolicyOf(found.meeting);
      const kinds: Kind[] = [...(policy.muteOnEntry ? ['audio' as const] : []), ...(policy.videoOffOnEntry ? ['video' as const] : [])].filter(
        (kind) => !found.room.liftedMutes.includes(liftedKey(publisher.participant, kind)),
      );
      const mids = publisher.streams.filter((stream) => kinds.includes(stream.kind)).map((stream) => stream.mid);
      if (mids.length === 0) continue;
      await moderate({ roomId: found.room.roomId, secret: app.secrets.open(found.room.roomSecret) }, publisher.publisherId, mids, true);
      muted += 1;
    } catch (error) {
      app.log.warn({ err: error, meetingId: publisher.meetingId, roomId: publisher.roomId }, 'a participant could not be muted on entry');
    }
  }
  return muted;
}

/** Who asks to lift a mute: the signed-in host or a co-host (their meeting), or someone in the room by their join grant. */
export type Unmuter = { kind: 'host'; scope: HostScope } | { kind: 'grant'; scope: RoomScope; opaqueId: string; token: string };

/** Lifts a participant's mute on entry (unmuteParticipant): their own by their grant, anyone's for the host and co-hosts. */
export async function unmuteParticipant(unmuter: Unmuter, meetingId: string, participant: string, kinds: readonly Kind[]): Promise<void> {
  const { scope } = unmuter;
  const found = await scope.db(async (tx) => {
    if (unmuter.kind === 'host') {
      const meeting = await findMyMeeting(tx, meetingId, unmuter.scope.userId);
      return meeting ? { meeting, room: await findRoom(tx, meeting.id), moderator: true } : null;
    }
    if (!isUuid(meetingId)) return null;
    const [meeting] = await tx.select().from(meetings).where(eq(meetings.id, meetingId)).limit(1);
    if (!meeting) return null;
    const room = await findRoom(tx, meeting.id);
    const caller = parseOpaqueId(unmuter.opaqueId);
    if (!room || caller?.meetingId !== meeting.id || !grantVerifies(scope.secrets, room.roomId, unmuter.opaqueId, unmuter.token)) {
      throw new ProblemError(403, 'invalid_grant', { detail: 'This is not a join grant into the running meeting.' });
    }
    const signedIn = isUuid(caller.participant);
    const moderator = signedIn && (meeting.hostId === caller.participant || (await isCoHost(tx, meeting.id, caller.participant)));
    if (!moderator && caller.participant !== participant) throw new ProblemError(403, 'forbidden', { detail: 'Only the host and co-hosts unmute someone else.' });
    return { meeting, room, moderator };
  });
  if (!found) throw notFound();
  if (unmuter.kind === 'host') requirePermission(unmuter.scope, found.meeting.kind, 'get');
  if (!found.room) throw notFound();
  const moderate = scope.media.moderate;
  if (!scope.media.configured || !moderate) throw mediaUnavailable();
  const { room } = found;
  const opaqueId = opaqueIdOf(found.meeting.id, participant);
  const state = await scope.media.roomState(room.roomId);
  const publisher = state.handles.find((handle) => handle.role === 'publisher' && handle.opaqueId === opaqueId && handle.participantId !== null);
  if (!publisher) throw notFound();
  await scope.db((tx) => rememberLiftedMutes(tx, found.meeting.id, kinds.map((kind) => liftedKey(participant, kind))));
  const mids = (publisher.mids ?? []).filter((stream) => kinds.includes(stream.kind)).map((stream) => stream.mid);
  if (mids.length > 0) await moderate({ roomId: room.roomId, secret: scope.secrets.open(room.roomSecret) }, present(publisher.participantId, 'publisher.participantId'), mids, false);
}
