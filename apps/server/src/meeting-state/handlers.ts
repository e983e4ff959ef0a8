// HTTP side of the Meeting state and Meeting log screens (room.meetingstate.get).
import type { FastifyRequest } from 'fastify';
import type { OperationHandlers, OperationRequest } from '../kernel/http/handler.ts';
import { scopeOf } from '../kernel/http/request-scope.ts';
import { isPlatformAdmin } from '../kernel/tenancy/platform-admin.ts';
import type { InspectScope } from './access.ts';
import { meetingLog } from './log.ts';
import { meetingState as readMeetingState } from './state.ts';

function inspectScope(request: FastifyRequest): InspectScope {
  const scope = scopeOf(request);
  return { caller: scope.caller, db: scope.db, database: scope.database, userId: scope.actorUserId, platformAdmin: isPlatformAdmin(request) };
}

async function meetingState(request: OperationRequest<'meetingState'>) {
  return readMeetingState({ ...inspectScope(request), media: request.server.media }, request.params.meetingCode, request.query.publisher);
}

async function getMeetingLog(request: OperationRequest<'getMeetingLog'>) {
  return meetingLog(inspectScope(request), request.params.meetingCode, request.query);
}

export const meetingStateHandlers = { meetingState, getMeetingLog } satisfies OperationHandlers;
