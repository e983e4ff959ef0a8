// HTTP side of running meetings: startMeeting and endMeeting for the host and co-hosts,
// getJoinInfo and joinMeeting for anyone with the link, reportParticipantClient for the room page
// of someone who joined (their join grant authenticates it).
//
// The browser then talks to the media server's HTTP API directly (the grant's `serverUrl`), not
// through a proxy of ours: Janus's HTTP transport answers CORS itself, and its long poll would tie
// up a server connection per participant for nothing, since every request already carries the
// grant's token, which Janus checks. The portal's CSP names that origin in connect-src.
import type { FastifyRequest } from 'fastify';
import { authenticate, bearerToken, csrfMatches, sessionCookie } from '../auth/sessions.ts';
import type { OperationHandlers } from '../http/handler.ts';
import { ProblemError } from '../http/problem.ts';
import { scopeOf } from '../http/request-scope.ts';
import { unmuteParticipant } from './entry-moderation.ts';
import { endMeeting, joinInfo, joinMeeting, reportClient, startMeeting, type HostScope, type RoomScope } from './room.ts';

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
async function signedInUserOf(request: FastifyRequest): Promise<string | null> {
  const bearer = bearerToken(request);
  const cookie = request.cookies[sessionCookie];
  if (!bearer && !cookie) return null;
  const { tenant } = request.ctx;
  const auth = await request.ctx.db((tx) => authenticate(tx, { cookie, bearer, realm: tenant.sname, timeouts: request.server.config }));
  if (auth.principal.kind !== 'user') return null;
  if (auth.via === 'cookie' && !csrfMatches(auth.csrfToken, request.headers['x-csrf-token'])) return null;
  return auth.principal.userId;
}

export const meetingRoomHandlers: OperationHandlers = {
  async startMeeting(request) {
    return startMeeting(hostScope(request), request.params.meetingId);
  },

  async endMeeting(request, reply) {
    await endMeeting(hostScope(request), request.params.meetingId);
    reply.code(204);
    return undefined;
  },

  async getJoinInfo(request) {
    return joinInfo(roomScope(request), request.params.meetingCode);
  },

  async joinMeeting(request) {
    return joinMeeting(roomScope(request), request.params.meetingCode, { userId: await signedInUserOf(request) }, request.body);
  },

  async unmuteParticipant(request, reply) {
    await unmuteParticipant(hostScope(request), request.params.meetingId, request.params.participant, request.body.kinds);
    reply.code(204);
    return undefined;
  },

  async reportParticipantClient(request, reply) {
    await reportClient(roomScope(request), request.params.meetingCode, request.body, request.headers['user-agent']);
    reply.code(204);
    return undefined;
  },
};
