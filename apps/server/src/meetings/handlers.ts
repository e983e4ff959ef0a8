// HTTP side of the meetings operations: build the scope, call the service, shape the answer.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OperationHandlers, OperationRequest } from '../kernel/http/handler.ts';
import { forbidden, ProblemError } from '../kernel/http/problem.ts';
import { scopeOf } from '../kernel/http/request-scope.ts';
import type { MeetingScope } from './access.ts';
import { calendarFile, invitationTextOf, inviteToMeeting, mailHostsCalendar } from './invitations.ts';
import { openMeetings, pastOccurrences, upcomingOccurrences } from './lists.ts';
import { savedModes } from './options.ts';
import { enabledRecordModes } from './recording-policy.ts';
import { readPersonalMeeting, savePersonalMeeting as writePersonalMeeting } from './personal.ts';
import { listCoHostCandidates } from './queries.ts';
import { changeMeeting, changeOccurrence, createMeeting, readMeeting, removeMeeting } from './service.ts';
import { created, noContent } from '../kernel/http/replies.ts';

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

async function getMeetings(request: OperationRequest<'getMeetings'>) {
  return openMeetings(meetingScope(request), request.query);
}

async function addMeeting(request: OperationRequest<'addMeeting'>, reply: FastifyReply) {
  return created(reply, await createMeeting(meetingScope(request), request.body));
}

async function getMeetingSchedules(request: OperationRequest<'getMeetingSchedules'>) {
  return upcomingOccurrences(meetingScope(request), request.query);
}

async function userCompletedMeetings(request: OperationRequest<'userCompletedMeetings'>) {
  return pastOccurrences(meetingScope(request), request.query);
}

async function getMeeting(request: OperationRequest<'getMeeting'>) {
  return readMeeting(meetingScope(request), request.params.meetingId);
}

async function updateMeeting(request: OperationRequest<'updateMeeting'>) {
  return changeMeeting(meetingScope(request), request.params.meetingId, request.body);
}

async function deleteMeeting(request: OperationRequest<'deleteMeeting'>, reply: FastifyReply) {
  await removeMeeting(meetingScope(request), request.params.meetingId, request.query.occurrence);
  return noContent(reply);
}

async function updateMeetingSchedule(request: OperationRequest<'updateMeetingSchedule'>) {
  const { meetingId, occurrence } = request.params;
  return changeOccurrence(meetingScope(request), meetingId, occurrence, request.body);
}

async function meetingInvite(request: OperationRequest<'meetingInvite'>, reply: FastifyReply) {
  const sent = await inviteToMeeting(meetingScope(request), request.params.meetingId, request.body);
  reply.code(202);
  return sent;
}

async function sendCalendarScheduleMeeting(request: OperationRequest<'sendCalendarScheduleMeeting'>, reply: FastifyReply) {
  const sent = await mailHostsCalendar(meetingScope(request), request.params.meetingId);
  reply.code(202);
  return sent;
}

async function sendCalendarMeetingInvite(request: OperationRequest<'sendCalendarMeetingInvite'>, reply: FastifyReply) {
  const { code, content } = await calendarFile(meetingScope(request), request.params.meetingId, request.query.occurrence);
  reply.header('content-type', 'text/calendar; charset=utf-8; method=REQUEST').header('content-disposition', `attachment; filename="meeting-${code}.ics"`);
  return content;
}

async function getMeetingInvitationText(request: OperationRequest<'getMeetingInvitationText'>) {
  return invitationTextOf(meetingScope(request), request.params.meetingId, request.query.occurrence);
}

async function getMeetingModes(request: OperationRequest<'getMeetingModes'>) {
  const scope = meetingScope(request);
  // The Schedule screen (scheduled or open meetings) and the Personal meeting screen read it.
  if (!meetingFormPermissions.some((permission) => scope.caller.permissions.has(permission))) throw forbidden();
  const modes = await savedModes(scope.database);
  const recordModes = await enabledRecordModes(scope.database);
  return { items: modes.map(({ name, options }) => ({ name, options })), recordModes };
}

async function getMeetingCoHostCandidates(request: OperationRequest<'getMeetingCoHostCandidates'>) {
  const scope = meetingScope(request);
  const { q, limit } = request.query;
  const items = await scope.db((tx) => listCoHostCandidates(tx, { tenantId: scope.tenantId, exceptUserId: scope.userId, q, limit: limit ?? 20 }));
  return { items };
}

async function getPersonalMeeting(request: OperationRequest<'getPersonalMeeting'>) {
  return readPersonalMeeting(meetingScope(request));
}

async function savePersonalMeeting(request: OperationRequest<'savePersonalMeeting'>) {
  return writePersonalMeeting(meetingScope(request), request.body);
}

export const meetingsHandlers = {
  getMeetings,
  addMeeting,
  getMeetingSchedules,
  userCompletedMeetings,
  getMeeting,
  updateMeeting,
  deleteMeeting,
  updateMeetingSchedule,
  meetingInvite,
  sendCalendarScheduleMeeting,
  sendCalendarMeetingInvite,
  getMeetingInvitationText,
  getMeetingModes,
  getMeetingCoHostCandidates,
  getPersonalMeeting,
  savePersonalMeeting,
} satisfies OperationHandlers;
