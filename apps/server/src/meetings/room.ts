// Running a meeting on the media platform: the host or a co-host starts it (its room is opened,
// with the meeting password as PIN and recording from its record mode), people join with a
// short-lived grant once the rules of room-policy.ts let them in, and ending it closes the room.
// Media server calls happen outside database transactions, so a slow media server never holds
// a transaction open; two starts at once keep one room (room-queries.ts keepRoom).
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { sameSecret } from '../kernel/crypto/digest.ts';
import type { SecretBox } from '../kernel/crypto/secret-box.ts';
import type { Schemas } from '../kernel/http/api.ts';
import { fieldError, notFound, ProblemError } from '../kernel/http/problem.ts';
import type { RequestScope } from '../kernel/http/request-scope.ts';
import { applyMediaEvents, opaqueIdOf, parseOpaqueId, type EndedBy, type MediaEvent } from '../live/index.ts';
import type { LiveBus } from '../live/index.ts';
import { feedbackTicketOf } from './feedback-ticket.ts';
import { iceServersFor, mediaUnavailable, type MediaPlatform, parseUserAgent } from '../media/index.ts';
import { queueRecordingOfEndingRoom } from '../recordings/index.ts';
import { joinUrlOf, requirePermission } from './access.ts';
import { forgetGrantsOf, keepGrant } from './grants.ts';
import { findMyMeeting, findPerson, type MeetingRow } from './queries.ts';
import { enabledRecordModes, roomRecordMode } from './recording-policy.ts';
import { joinPolicyOf, refusalOf, type Refusal, type RoomRole } from './room-policy.ts';
import { deleteRoom, findMeetingByCode, findRoom, isCoHost, keepRoom, type MeetingRoomRow } from './room-queries.ts';
import { checkConcurrentMeetings, checkParticipantRoom, meetingLimitsOf, queueEndAtPlanLimit, recordingStorageFull, roomPublishers, type MeetingLimits } from './plan-limits.ts';
import { queueStorageFullMail } from './storage-full-mail.ts';

export type RoomScope = Pick<RequestScope, 'tenantId' | 'db' | 'secrets' | 'database'> & {
  media: MediaPlatform;
  /** Meetings starting and ending are live-operations events too (src/live/apply.ts). */
  liveBus: LiveBus;
  /** Origin of this tenant's portal, for join links. */
  origin: string;
  /** The job queue's clock: join grants expire by it (grants.ts). */
  now: () => Date;
};
export type HostScope = RoomScope & Pick<RequestScope, 'caller'> & { userId: string };

/** Senders of video and audio a room takes at once; the VideoRoom default (3) is too small for a meeting. */
export const publishersPerRoom = 16;

const refusals: Record<Refusal, () => ProblemError> = {
  sign_in_required: () => new ProblemError(401, 'sign_in_required', { detail: 'Only people signed in to this portal may join this meeting.' }),
  wrong_meeting_password: () => new ProblemError(403, 'wrong_meeting_password', { detail: 'The meeting password is wrong.' }),
  meeting_locked: () => new ProblemError(403, 'meeting_locked', { detail: 'The meeting is locked: nobody new may join.' }),
  removed_from_meeting: () => new ProblemError(403, 'removed_from_meeting', { detail: 'An administrator removed you from this meeting: you may not join it again while it runs.' }),
  waiting_for_host: () => new ProblemError(409, 'waiting_for_host', { detail: 'The meeting has not started yet: wait for the host.' }),
};

/** Compares without telling by its timing how much of the password was right. */
function samePassword(given: string | undefined, expected: string): boolean {
  return given !== undefined && sameSecret(given, expected);
}

export const roomKey = (row: MeetingRoomRow, secrets: SecretBox) => ({ roomId: row.roomId, secret: secrets.open(row.roomSecret) });

/**
 * The portal itself says when a room opened, started recording and closed: it knows first, and
 * its own handle on the media server carries no participant. Keyed by the room, so saying it twice
 * changes nothing.
 */
async function roomEvents(scope: RoomScope, room: MeetingRoomRow, what: 'opened' | 'closed', details: { record?: boolean; endedBy?: EndedBy } = {}): Promise<void> {
  const base = { node: room.node, meetingId: room.meetingId };
  const events: MediaEvent[] =
    what === 'opened'
      ? [
          { ...base, key: `room:${room.roomId}:opened`, at: room.startedAt.getTime(), type: 'room.opened', roomId: room.roomId },
          ...(details.record ? [{ ...base, key: `room:${room.roomId}:recording`, at: room.startedAt.getTime(), type: 'recording.started' } as const] : []),
        ]
      : [{ ...base, key: `room:${room.roomId}:closed`, at: Date.now(), type: 'room.closed', ...(details.endedBy ? { endedBy: details.endedBy } : {}) }];
  await applyMediaEvents(scope.database, 'media', events, scope.liveBus);
}

const limitsOf = (scope: RoomScope) => scope.db((tx) => meetingLimitsOf(tx, scope.tenantId));

/** The meeting's room, opened now unless it runs already, as many at once and for as long as the plan allows (plan-limits.ts). */
async function openRoomFor(scope: RoomScope, meeting: MeetingRow, startedBy: string | null, limits: MeetingLimits): Promise<MeetingRoomRow> {
  const running = await scope.db((tx) => findRoom(tx, meeting.id));
  if (running) return running;
  if (!scope.media.configured) throw mediaUnavailable();
  // Asked before the media server is, and again under the lock with the room's row below.
  await scope.db((tx) => checkConcurrentMeetings(tx, scope.tenantId, meeting.id, limits));
  // Whether and how it records from the start: its record mode while the platform enables it, or
  // with autoRecord the first enabled mode; never when encrypted (recording-policy.ts), nor while
  // the plan's recording storage is full (plan-limits.ts).
  const wanted = roomRecordMode(meeting, await enabledRecordModes(scope.database));
  const storageFull = wanted !== null && (await scope.db((tx) => recordingStorageFull(tx, scope.tenantId, limits)));
  const recordMode = storageFull ? null : wanted;
  const secret = randomBytes(24).toString('base64url');
  const room = await scope.media.openRoom({
    label: `meeting ${meeting.code}`,
    secret,
    pin: meeting.password,
    record: recordMode !== null,
    publishers: roomPublishers(limits, publishersPerRoom),
    endToEndEncrypted: meeting.endToEndEncrypted,
  });
  let kept: Awaited<ReturnType<typeof keepRoom>>;
  try {
    kept = await scope.db(async (tx) => {
      await checkConcurrentMeetings(tx, scope.tenantId, meeting.id, limits);
      const result = await keepRoom(tx, { meetingId: meeting.id, tenantId: scope.tenantId, roomId: room.roomId, roomSecret: scope.secrets.seal(secret), node: room.node, startedBy, recordMode });
      if (result.inserted) await queueEndAtPlanLimit(tx, result.row, limits);
      if (result.inserted && storageFull) await queueStorageFullMail(tx, scope.tenantId, meeting.topic, scope.now());
      return result;
    });
  } catch (error) {
    await scope.media.closeRoom({ roomId: room.roomId, secret });
    throw error;
  }
  if (!kept.inserted) await scope.media.closeRoom({ roomId: room.roomId, secret });
  else await roomEvents(scope, kept.row, 'opened', { record: recordMode !== null });
  return kept.row;
}

async function hostedMeeting(scope: HostScope, meetingId: string): Promise<MeetingRow> {
  const meeting = await scope.db((tx) => findMyMeeting(tx, meetingId, scope.userId));
  if (!meeting) throw notFound();
  requirePermission(scope, meeting.kind, 'get');
  return meeting;
}

export async function startMeeting(scope: HostScope, meetingId: string): Promise<Schemas['MeetingRoom']> {
  const meeting = await hostedMeeting(scope, meetingId);
  const room = await openRoomFor(scope, meeting, scope.userId, await limitsOf(scope));
  return { meetingId: meeting.id, code: meeting.code, joinUrl: joinUrlOf(scope.origin, meeting.code), startedAt: room.startedAt.toISOString() };
}

export async function endMeeting(scope: HostScope, meetingId: string): Promise<void> {
  await closeMeetingRoom(scope, await hostedMeeting(scope, meetingId), { endedBy: { kind: 'host', userId: scope.userId } });
}

/**
 * Ends the meeting's run for everyone (the host's End, an administrator's from Live meetings, or its
 * plan's length): `roomId` ends only that room, not one opened since; `endedBy` is who did.
 */
export async function closeMeetingRoom(scope: RoomScope, meeting: MeetingRow, options: { roomId?: number; endedBy?: EndedBy } = {}): Promise<void> {
  const { roomId } = options;
  // A recorded meeting's recording and its conversion are queued with the room's end, in one transaction.
  const ended = await scope.db(async (tx) => {
    const room = await deleteRoom(tx, meeting.id, roomId);
    if (roomId !== undefined && !room) return null; // another run since: its grants are its own
    await forgetGrantsOf(tx, meeting.id);
    // In the mode the room recorded in (chosen when it opened), not the meeting's mode of now.
    if (room) await queueRecordingOfEndingRoom(tx, { ...meeting, recordMode: room.recordMode, encrypted: meeting.endToEndEncrypted }, room, scope.media.recordingsDir?.(room.roomId) ?? null);
    return room;
  });
  if (!ended) return;
  await roomEvents(scope, ended, 'closed', options.endedBy ? { endedBy: options.endedBy } : {});
  await scope.media.closeRoom(roomKey(ended, scope.secrets));
}

export async function joinInfo(scope: RoomScope, code: string): Promise<Schemas['JoinInfo']> {
  const found = await scope.db(async (tx) => {
    const meeting = await findMeetingByCode(tx, code);
    if (!meeting) return null;
    const [host, room] = await Promise.all([findPerson(tx, meeting.hostId), findRoom(tx, meeting.id)]);
    return { meeting, hostName: host?.name ?? '', started: room !== null };
  });
  if (!found) throw notFound();
  const policy = joinPolicyOf(found.meeting);
  return {
    code,
    topic: found.meeting.topic,
    hostName: found.hostName,
    passwordRequired: policy.password !== null,
    signedInOnly: policy.signedInOnly,
    started: found.started,
    mediaAvailable: scope.media.configured,
    endToEndEncrypted: found.meeting.endToEndEncrypted,
  };
}

/**
 * The end of a join grant's token: a nonce and the server's MAC over the room, the participant's
 * opaque id and the nonce. The token then proves, with nothing stored, that this server gave it to
 * that participant for that room (reportParticipantClient), on any replica sharing the server key
 * and after a restart; a token of another room, another participant or made up does not verify.
 */
function grantBinding(secrets: SecretBox, roomId: number, opaqueId: string, nonce = randomBytes(12).toString('base64url')): string {
  return `${nonce}.${secrets.sign('join-grant', `${roomId}|${opaqueId}|${nonce}`)}`;
}

export function grantVerifies(secrets: SecretBox, roomId: number, opaqueId: string, token: string): boolean {
  const parts = token.split('.');
  if (parts.length < 3) return false;
  const [nonce, mac] = parts.slice(-2) as [string, string];
  const expected = grantBinding(secrets, roomId, opaqueId, nonce);
  const given = `${nonce}.${mac}`;
  return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

/**
 * What the meeting room page says about its client once connected, authenticated by the join
 * grant (see grantBinding) into the meeting's running room: the operating system, browser and
 * platform from its user agent, the network and devices from the body (a participant.client
 * event), and whether its microphone and camera are on (stream events: Janus's events do not say
 * when someone mutes, the page does, each time it changes).
 */
export async function reportClient(scope: RoomScope, code: string, body: Schemas['ParticipantClientReport'], userAgent: string | undefined): Promise<void> {
  const found = await scope.db(async (tx) => {
    const meeting = await findMeetingByCode(tx, code);
    return meeting ? { meeting, room: await findRoom(tx, meeting.id) } : null;
  });
  if (!found) throw notFound();
  const named = parseOpaqueId(body.opaqueId);
  const room = found.room;
  if (!room || named?.meetingId !== found.meeting.id || !grantVerifies(scope.secrets, room.roomId, body.opaqueId, body.token)) {
    throw new ProblemError(403, 'invalid_grant', { detail: 'This is not a join grant into the running meeting.' });
  }
  const { token: _token, opaqueId: _opaqueId, audioOn, videoOn, ...told } = body;
  const client = { ...parseUserAgent(userAgent), ...told };
  const hash = (text: string) => createHash('sha256').update(`${body.opaqueId}|${room.roomId}|${text}`).digest('base64url').slice(0, 32);
  const at = Date.now();
  const base = { node: room.node, at, meetingId: found.meeting.id, participant: named.participant };
  const events: MediaEvent[] = [{ ...base, type: 'participant.client', key: `client:${hash(JSON.stringify(client))}`, client }];
  const sending = [...(audioOn === true ? ['audio' as const] : []), ...(videoOn === true ? ['video' as const] : [])];
  const stopped = [...(audioOn === false ? ['audio' as const] : []), ...(videoOn === false ? ['video' as const] : [])];
  // Each report is a moment of its own: turning the camera off, on and off again are three changes.
  if (sending.length > 0) events.push({ ...base, type: 'stream.published', key: `sending:${hash(`${at}|${sending.join()}`)}`, streams: sending.map((kind) => ({ kind })) });
  if (stopped.length > 0) events.push({ ...base, type: 'stream.unpublished', key: `stopped:${hash(`${at}|${stopped.join()}`)}`, kinds: stopped });
  await applyMediaEvents(scope.database, 'media', events, scope.liveBus);
}

/** The signed-in person's role in the meeting and name, or a guest's. */
async function whoJoins(scope: RoomScope, meeting: MeetingRow, userId: string | null, name: string | undefined): Promise<{ role: RoomRole; display: string }> {
  if (userId === null) {
    if (!name) throw fieldError('name', 'required', 'Guests give the name others see.');
    return { role: 'participant', display: name };
  }
  return scope.db(async (tx) => {
    const person = await findPerson(tx, userId);
    const role: RoomRole = meeting.hostId === userId ? 'host' : (await isCoHost(tx, meeting.id, userId)) ? 'cohost' : 'participant';
    return { role, display: person?.name ?? name ?? '' };
  });
}

export async function joinMeeting(
  scope: RoomScope,
  code: string,
  who: { userId: string | null },
  body: Schemas['JoinRequest'],
): Promise<Schemas['JoinGrant']> {
  const found = await scope.db(async (tx) => {
    const meeting = await findMeetingByCode(tx, code);
    return meeting ? { meeting, room: await findRoom(tx, meeting.id) } : null;
  });
  if (!found) throw notFound();
  const { meeting } = found;
  const { role, display } = await whoJoins(scope, meeting, who.userId, body.name);
  const policy = joinPolicyOf(meeting);
  const refusal = refusalOf(
    { ...policy, locked: policy.locked || found.room?.locked === true },
    { role, signedIn: who.userId !== null, passwordMatches: policy.password === null || samePassword(body.password, policy.password) },
    found.room !== null,
  );
  if (refusal) throw refusals[refusal]();
  if (!scope.media.configured) throw mediaUnavailable();

  // The host or a co-host entering starts the meeting; with join before host, the first one in does.
  const limits = await limitsOf(scope);
  const room = found.room ?? (await openRoomFor(scope, meeting, role === 'participant' ? null : who.userId, limits));
  const participant = who.userId ?? `guest-${randomUUID()}`;
  if (room.blocked.includes(participant)) throw refusals.removed_from_meeting();
  await scope.db((tx) => checkParticipantRoom(tx, meeting.id, participant, limits));
  const token = await scope.media.grant(roomKey(room, scope.secrets), grantBinding(scope.secrets, room.roomId, opaqueIdOf(meeting.id, participant)));
  // To be used within minutes: the sweeper revokes it unless a connection uses it by then (grants.ts).
  await scope.db((tx) => keepGrant(tx, { tenantId: scope.tenantId, meetingId: meeting.id, roomId: room.roomId, sealedToken: scope.secrets.seal(token), now: scope.now() }));
  const moderated = role === 'participant';
  return {
    meetingId: meeting.id,
    code,
    topic: meeting.topic,
    serverUrl: scope.media.browser.serverUrl,
    roomId: room.roomId,
    token,
    pin: meeting.password,
    display,
    opaqueId: opaqueIdOf(meeting.id, participant),
    feedbackTicket: feedbackTicketOf(scope.secrets, meeting.id, participant),
    role,
    iceServers: iceServersFor(scope.media.browser, participant, scope.now()),
    muteOnEntry: moderated && policy.muteOnEntry,
    videoOffOnEntry: moderated && policy.videoOffOnEntry,
    screenShare: !moderated || policy.screenShare === 'all',
    endToEndEncrypted: meeting.endToEndEncrypted,
    ...(limits.durationMinutes === null ? {} : { endsAt: new Date(room.startedAt.getTime() + limits.durationMinutes * 60_000).toISOString() }),
  };
}
