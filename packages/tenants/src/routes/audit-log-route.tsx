import { AuditLogScreen } from '../components/audit-log-screen';

/** Lazy route module of `/portal/audit-log`. */
export default function AuditLogRoute() {
  return <AuditLogScreen />;
}
