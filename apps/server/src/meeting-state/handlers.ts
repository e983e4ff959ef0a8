// HTTP side of the Meeting state and Meeting log screens (room.meetingstate.get).
import type { FastifyRequest } from 'fastify';
import type { OperationHandlers } from '../kernel/http/handler.ts';
import { scopeOf } from '../kernel/http/request-scope.ts';
import { isPlatformAdmin } from '../kernel/tenancy/platform-admin.ts';
import type { InspectScope } from './access.ts';
import { meetingLog } from './log.ts';
import { meetingState } from './state.ts';

function inspectScope(request: FastifyRequest): InspectScope {
  const scope = scopeOf(request);
  return { caller: scope.caller, db: scope.db, database: scope.database, userId: scope.actorUserId, platformAdmin: isPlatformAdmin(request) };
}

export const meetingStateHandlers: OperationHandlers = {
  async meetingState(request) {
    return meetingState({ ...inspectScope(request), media: request.server.media }, request.params.meetingCode, request.query.publisher);
  },

  async getMeetingLog(request) {
    return meetingLog(inspectScope(request), request.params.meetingCode, request.query);
  },
};
