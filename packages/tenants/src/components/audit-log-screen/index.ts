export { AuditLogScreen } from './audit-log-screen';
