// Meetings in the audit log: what was scheduled, changed or cancelled, by whom, in the transaction
// that does it. The entry holds the meeting's schedule and settings, not its invitees or the
// generated join links; recordAudit masks the password.
import { recordAudit, type AuditAction } from '../kernel/audit/record.ts';
import type { Database } from '../kernel/db/types.ts';
import type { MeetingScope } from './access.ts';
import type { MeetingRow } from './queries.ts';

function meetingRecord(row: MeetingRow) {
  return {
    meetingId: row.code,
    kind: row.kind,
    topic: row.topic,
    start: row.startsAt.toISOString(),
    durationMinutes: row.durationMinutes,
    timeZone: row.timeZone,
    recurrence: row.rrule,
    password: row.password,
    recordMode: row.recordMode,
    meetingMode: row.meetingMode,
    options: row.options,
    phoneBridge: row.phoneBridge,
  };
}

export type MeetingChange = { action: AuditAction; before?: MeetingRow; after?: MeetingRow; occurrence?: { start: Date; cancelled: boolean } };

export async function auditMeeting(tx: Database, scope: Pick<MeetingScope, 'audit'>, change: MeetingChange): Promise<void> {
  const row = change.after ?? change.before;
  if (!row) return;
  const occurrence = change.occurrence ? { occurrence: change.occurrence.start.toISOString(), occurrenceCancelled: change.occurrence.cancelled } : {};
  await recordAudit(tx, scope.audit, {
    action: change.action,
    entity: 'meeting',
    entityId: row.id,
    ...(change.before ? { before: meetingRecord(change.before) } : {}),
    ...(change.after ? { after: { ...meetingRecord(change.after), ...occurrence } } : {}),
  });
}
