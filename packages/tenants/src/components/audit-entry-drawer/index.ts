export { AuditEntryDrawer } from './audit-entry-drawer';
export type { AuditEntryDrawerProps } from './audit-entry-drawer';
