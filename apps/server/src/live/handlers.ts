// HTTP side of the live-operations views: who sees which tenants' sessions, then the lists, the
// export and the event stream.
import type { FastifyRequest } from 'fastify';
import type { OperationHandlers } from '../kernel/http/handler.ts';
import { isPlatformAdmin } from '../kernel/tenancy/platform-admin.ts';
import { csvLine } from '../kernel/csv.ts';
import { exportCompletedMeetings, listCompletedMeetings, listCompletedParticipants, listCurrentMeetings, listCurrentParticipants, liveScopeOf, type LiveScope } from './lists.ts';
import { openLiveStream } from './stream.ts';

function liveScope(request: FastifyRequest): LiveScope {
  return liveScopeOf(request.ctx, request.server.database, isPlatformAdmin(request));
}

const exportColumns = ['Meeting ID', 'Topic', 'Tenant Name', 'Participants', 'Start Time', 'End Time', 'Duration (s)', 'Node', 'Video', 'Screen Share', 'Phone Bridge', 'Recording', 'Email', 'Name', 'Flagged', 'Rating'];
const yesNo = (value: boolean) => (value ? 'yes' : 'no');

export const liveHandlers: OperationHandlers = {
  async currentMeetings(request) {
    return listCurrentMeetings(liveScope(request), request.query);
  },

  async currentMeetingParticipants(request) {
    return listCurrentParticipants(liveScope(request), request.params.sessionId);
  },

  async completedMeetings(request) {
    return listCompletedMeetings(liveScope(request), request.query);
  },

  async completedMeetingParticipants(request) {
    return listCompletedParticipants(liveScope(request), request.params.sessionId);
  },

  async exportCompletedMeetings(request, reply) {
    const rows = await exportCompletedMeetings(liveScope(request), request.query);
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
  },

  async streamLiveMeetings(request, reply) {
    openLiveStream(request, reply, { tenantId: isPlatformAdmin(request) ? null : request.ctx.tenant.id });
    return '';
  },
};
