// HTTP side of the meetings operations: build the scope, call the service, shape the answer.
import type { FastifyRequest } from 'fastify';
import type { OperationHandlers } from '../kernel/http/handler.ts';
import { forbidden, ProblemError } from '../kernel/http/problem.ts';
import { scopeOf } from '../kernel/http/request-scope.ts';
import type { MeetingScope } from './access.ts';
import { calendarFile, invitationTextOf, inviteToMeeting, mailHostsCalendar } from './invitations.ts';
import { openMeetings, pastOccurrences, upcomingOccurrences } from './lists.ts';
import { savedModes } from './options.ts';
import { enabledRecordModes } from './recording-policy.ts';
import { readPersonalMeeting, savePersonalMeeting } from './personal.ts';
import { listCoHostCandidates } from './queries.ts';
import { changeMeeting, changeOccurrence, createMeeting, readMeeting, removeMeeting } from './service.ts';

/** Meetings belong to people: a developer client's token has no one to host them. */
function meetingScope(request: FastifyRequest): MeetingScope {
  const scope = scopeOf(request);
  if (!scope.actorUserId) throw new ProblemError(403, 'user_required', { detail: 'Meetings are scheduled by signed-in people' });
  return {
    tenantId: scope.tenantId,
    caller: scope.caller,
    db: scope.db,
    database: scope.database,
    audit: scope.audit,
    userId: scope.actorUserId,
    origin: request.ctx.origin,
    acceptLanguage: request.headers['accept-language'],
    now: () => new Date(),
  };
}

/** Who fills in a meeting form: any one of these lets the caller read the meeting modes and record modes. */
const meetingFormPermissions = ['meeting.schedule.put', 'meeting.schedule.update', 'meeting.open.put', 'meeting.open.update', 'meeting.personal.update'];

export const meetingsHandlers: OperationHandlers = {
  async getMeetings(request) {
    return openMeetings(meetingScope(request), request.query);
  },

  async addMeeting(request, reply) {
    const meeting = await createMeeting(meetingScope(request), request.body);
    reply.code(201);
    return meeting;
  },

  async getMeetingSchedules(request) {
    return upcomingOccurrences(meetingScope(request), request.query);
  },

  async userCompletedMeetings(request) {
    return pastOccurrences(meetingScope(request), request.query);
  },

  async getMeeting(request) {
    return readMeeting(meetingScope(request), request.params.meetingId);
  },

  async updateMeeting(request) {
    return changeMeeting(meetingScope(request), request.params.meetingId, request.body);
  },

  async deleteMeeting(request, reply) {
    await removeMeeting(meetingScope(request), request.params.meetingId, request.query.occurrence);
    reply.code(204);
    return undefined;
  },

  async updateMeetingSchedule(request) {
    const { meetingId, occurrence } = request.params;
    return changeOccurrence(meetingScope(request), meetingId, occurrence, request.body);
  },

  async meetingInvite(request, reply) {
    const sent = await inviteToMeeting(meetingScope(request), request.params.meetingId, request.body);
    reply.code(202);
    return sent;
  },

  async sendCalendarScheduleMeeting(request, reply) {
    const sent = await mailHostsCalendar(meetingScope(request), request.params.meetingId);
    reply.code(202);
    return sent;
  },

  async sendCalendarMeetingInvite(request, reply) {
    const { code, content } = await calendarFile(meetingScope(request), request.params.meetingId, request.query.occurrence);
    reply.header('content-type', 'text/calendar; charset=utf-8; method=REQUEST').header('content-disposition', `attachment; filename="meeting-${code}.ics"`);
    return content;
  },

  async getMeetingInvitationText(request) {
    return invitationTextOf(meetingScope(request), request.params.meetingId, request.query.occurrence);
  },

  async getMeetingModes(request) {
    const scope = meetingScope(request);
    // The Schedule screen (scheduled or open meetings) and the Personal meeting screen read it.
    if (!meetingFormPermissions.some((permission) => scope.caller.permissions.has(permission))) throw forbidden();
    const modes = await savedModes(scope.database);
    const recordModes = await enabledRecordModes(scope.database);
    return { items: modes.map(({ name, options }) => ({ name, options })), recordModes };
  },

  async getMeetingCoHostCandidates(request) {
    const scope = meetingScope(request);
    const { q, limit } = request.query;
    const items = await scope.db((tx) => listCoHostCandidates(tx, { tenantId: scope.tenantId, exceptUserId: scope.userId, q, limit: limit ?? 20 }));
    return { items };
  },

  async getPersonalMeeting(request) {
    return readPersonalMeeting(meetingScope(request));
  },

  async savePersonalMeeting(request) {
    return savePersonalMeeting(meetingScope(request), request.body);
  },
};
