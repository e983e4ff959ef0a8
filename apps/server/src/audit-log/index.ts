export { auditHandlers } from './handlers.ts';
export { auditActorOf, recordAudit, type AuditActor } from '../kernel/audit/record.ts';
