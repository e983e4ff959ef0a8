// HTTP side of running meetings: startMeeting and endMeeting for the host and co-hosts,
// getJoinInfo and joinMeeting for anyone with the link, reportParticipantClient for the room page
// of someone who joined (their join grant authenticates it), unmuteParticipant for the host or, by
// their join grant, someone in the room lifting their own mute on entry; endLiveMeeting,
// lockLiveMeeting, muteLiveParticipant and removeLiveParticipant for an administrator on Live
// meetings.
//
// The browser then talks to the media server's HTTP API directly (the grant's `serverUrl`), not
// through a proxy of ours: Janus's HTTP transport answers CORS itself, and its long poll would tie
// up a server connection per participant for nothing, since every request already carries the
// grant's token, which Janus checks. The portal's CSP names that origin in connect-src.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { callerOf } from '../kernel/access/caller.ts';
import { authenticate, bearerToken, csrfMatches, sessionCookie } from '../auth/index.ts';
import type { OperationHandlers, OperationRequest } from '../kernel/http/handler.ts';
import type { Principal } from '../kernel/http/request-context.ts';
import { ProblemError } from '../kernel/http/problem.ts';
import { scopeOf } from '../kernel/http/request-scope.ts';
import { unmuteParticipant as liftMute, type Unmuter } from './entry-moderation.ts';
import { endMeeting as endRoom, joinInfo, joinMeeting as joinRoom, reportClient, startMeeting as startRoom, type HostScope, type RoomScope } from './room.ts';
import { noContent } from '../kernel/http/replies.ts';
import { isPlatformAdmin } from '../kernel/tenancy/platform-admin.ts';
import { endLiveSession, lockLiveSession, muteLiveParticipant as muteInRoom, removeLiveParticipant as removeFromRoom, type LiveModerationScope } from './live-moderation.ts';

function roomScope(request: FastifyRequest): RoomScope {
  const scope = scopeOf(request);
  return {
    tenantId: scope.tenantId,
    db: scope.db,
    database: scope.database,
    secrets: scope.secrets,
    media: request.server.media,
    liveBus: request.server.liveBus,
    origin: request.ctx.origin,
    now: request.server.jobs.now,
  };
}

function hostScope(request: FastifyRequest): HostScope {
  const scope = scopeOf(request);
  if (!scope.actorUserId) throw new ProblemError(403, 'user_required', { detail: 'Meetings are started by signed-in people' });
  return { ...roomScope(request), caller: scope.caller, userId: scope.actorUserId };
}

/**
 * Joining is public, so the operation gate does not look at credentials; a signed-in person joins
 * under their own name and role all the same. A cookie counts only with its CSRF token, so another
 * site cannot make a visitor join as themselves.
 */
async function signedInPrincipalOf(request: FastifyRequest): Promise<Extract<Principal, { kind: 'user' }> | null> {
  const bearer = bearerToken(request);
  const cookie = request.cookies[sessionCookie];
  if (!bearer && !cookie) return null;
  const { tenant } = request.ctx;
  const auth = await request.ctx.db((tx) => authenticate(tx, { cookie, bearer, realm: tenant.sname, timeouts: request.server.config }));
  if (auth.principal.kind !== 'user') return null;
  if (auth.via === 'cookie' && !csrfMatches(auth.csrfToken, request.headers['x-csrf-token'])) return null;
  return auth.principal;
}

async function signedInUserOf(request: FastifyRequest): Promise<string | null> {
  return (await signedInPrincipalOf(request))?.userId ?? null;
}

/**
 * unmuteParticipant is public so that a guest in the room can lift their own mute by their join
 * grant; without a grant it is the signed-in host's or co-host's, as any authenticated operation.
 */
async function unmuterOf(request: FastifyRequest, grant: { opaqueId: string; token: string } | undefined): Promise<Unmuter> {
  if (grant) return { kind: 'grant', scope: roomScope(request), ...grant };
  const principal = await signedInPrincipalOf(request);
  if (!principal) throw new ProblemError(401, 'unauthenticated');
  return { kind: 'host', scope: { ...roomScope(request), caller: callerOf(principal), userId: principal.userId } };
}

async function startMeeting(request: OperationRequest<'startMeeting'>) {
  return startRoom(hostScope(request), request.params.meetingId);
}

async function endMeeting(request: OperationRequest<'endMeeting'>, reply: FastifyReply) {
  await endRoom(hostScope(request), request.params.meetingId);
  return noContent(reply);
}

/** An administrator on Live meetings: the super administrator acts on every tenant's meetings. */
function moderationScope(request: FastifyRequest): LiveModerationScope {
  const scope = scopeOf(request);
  const { tenantId: _own, db: _db, ...room } = roomScope(request);
  return { ...room, tenantId: isPlatformAdmin(request) ? null : scope.tenantId, userId: scope.actorUserId, actorIn: scope.actorIn };
}

async function endLiveMeeting(request: OperationRequest<'endLiveMeeting'>, reply: FastifyReply) {
  await endLiveSession(moderationScope(request), request.params.sessionId);
  return noContent(reply);
}

async function lockLiveMeeting(request: OperationRequest<'lockLiveMeeting'>, reply: FastifyReply) {
  await lockLiveSession(moderationScope(request), request.params.sessionId, request.body.locked);
  return noContent(reply);
}

async function muteLiveParticipant(request: OperationRequest<'muteLiveParticipant'>, reply: FastifyReply) {
  await muteInRoom(moderationScope(request), request.params.sessionId, request.params.participantId, request.body.kinds);
  return noContent(reply);
}

async function removeLiveParticipant(request: OperationRequest<'removeLiveParticipant'>, reply: FastifyReply) {
  await removeFromRoom(moderationScope(request), request.params.sessionId, request.params.participantId, request.body);
  return noContent(reply);
}

async function getJoinInfo(request: OperationRequest<'getJoinInfo'>) {
  return joinInfo(roomScope(request), request.params.meetingCode);
}

async function joinMeeting(request: OperationRequest<'joinMeeting'>) {
  return joinRoom(roomScope(request), request.params.meetingCode, { userId: await signedInUserOf(request) }, request.body);
}

async function unmuteParticipant(request: OperationRequest<'unmuteParticipant'>, reply: FastifyReply) {
  const { kinds, grant } = request.body;
  await liftMute(await unmuterOf(request, grant), request.params.meetingId, request.params.participant, kinds);
  return noContent(reply);
}

async function reportParticipantClient(request: OperationRequest<'reportParticipantClient'>, reply: FastifyReply) {
  await reportClient(roomScope(request), request.params.meetingCode, request.body, request.headers['user-agent']);
  return noContent(reply);
}

export const meetingRoomHandlers = {
  startMeeting,
  endMeeting,
  endLiveMeeting,
  lockLiveMeeting,
  muteLiveParticipant,
  removeLiveParticipant,
  getJoinInfo,
  joinMeeting,
  unmuteParticipant,
  reportParticipantClient,
} satisfies OperationHandlers;
