export { auditHandlers } from './handlers.ts';
export { auditActorOf, recordAudit, type AuditActor } from './record.ts';
