// HTTP side of the live-operations views: who sees which tenants' sessions, then the lists, the
// export and the event stream.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OperationHandlers, OperationRequest } from '../kernel/http/handler.ts';
import { isPlatformAdmin } from '../kernel/tenancy/platform-admin.ts';
import { csvLine } from '../kernel/csv.ts';
import { exportCompletedMeetings as completedMeetingRows, listCompletedMeetings, listCompletedParticipants, listCurrentMeetings, listCurrentParticipants, liveScopeOf, type LiveScope } from './lists.ts';
import { openLiveStream } from './stream.ts';

function liveScope(request: FastifyRequest): LiveScope {
  return liveScopeOf(request.ctx, request.server.database, isPlatformAdmin(request));
}

const exportColumns = ['Meeting ID', 'Topic', 'Tenant Name', 'Participants', 'Start Time', 'End Time', 'Duration (s)', 'Node', 'Video', 'Screen Share', 'Phone Bridge', 'Recording', 'Email', 'Name', 'Flagged', 'Rating'];
const yesNo = (value: boolean) => (value ? 'yes' : 'no');

async function currentMeetings(request: OperationRequest<'currentMeetings'>) {
  return listCurrentMeetings(liveScope(request), request.query);
}

async function currentMeetingParticipants(request: OperationRequest<'currentMeetingParticipants'>) {
  return listCurrentParticipants(liveScope(request), request.params.sessionId);
}

async function completedMeetings(request: OperationRequest<'completedMeetings'>) {
  return listCompletedMeetings(liveScope(request), request.query);
}

async function completedMeetingParticipants(request: OperationRequest<'completedMeetingParticipants'>) {
  return listCompletedParticipants(liveScope(request), request.params.sessionId);
}

async function exportCompletedMeetings(request: OperationRequest<'exportCompletedMeetings'>, reply: FastifyReply) {
  const rows = await completedMeetingRows(liveScope(request), request.query);
  const lines = rows.map((row) =>
    csvLine([
      row.meetingId,
      row.topic,
      row.tenantName,
      String(row.participants),
      row.startTime,
      row.endTime,
      String(row.durationSeconds),
      row.node,
      yesNo(row.video),
      yesNo(row.screenShare),
      yesNo(row.phoneBridge),
      yesNo(row.recording),
      row.hostEmail ?? '',
      row.hostName ?? '',
      yesNo(row.flagged),
      row.rating === null ? '' : String(row.rating),
    ]),
  );
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', 'attachment; filename="completed-meetings.csv"')
    .header('cache-control', 'no-store');
  // The BOM makes spreadsheet programs read the file as UTF-8.
  return `\uFEFF${csvLine(exportColumns)}${lines.join('')}`;
}

async function streamLiveMeetings(request: OperationRequest<'streamLiveMeetings'>, reply: FastifyReply) {
  openLiveStream(request, reply, { tenantId: isPlatformAdmin(request) ? null : request.ctx.tenant.id });
  return '';
}

export const liveHandlers = {
  currentMeetings,
  currentMeetingParticipants,
  completedMeetings,
  completedMeetingParticipants,
  exportCompletedMeetings,
  streamLiveMeetings,
} satisfies OperationHandlers;
