import { useRole } from '@portal/auth';
import { PageLoader } from '@portal/ui-kit';
import { DashboardScreen } from './dashboard-screen';

/**
 * The dashboard route: the platform super administrator (the one `superadmin`, who exists only at
 * the system realm) sees every tenant, any other administrator their own tenant.
 */
export function DashboardPage() {
  const role = useRole();
  if (role === undefined) return <PageLoader />;
  return <DashboardScreen platform={role === 'superadmin'} />;
}
