import { useLocation } from 'react-router';
import { useCurrentUser } from '@portal/auth';
import { PageLoader } from '@portal/ui-kit';
import { TenantDetailScreen, type TenantDetailExtraSection } from '../components/tenant-detail-screen';

export type OwnTenantRouteProps = { sections?: readonly TenantDetailExtraSection[] };

/**
 * Lazy route module of `/portal/operational-dashboard` and `/portal/tenant-features`: the
 * signed-in administrator's own tenant, with the sections the spec's operational dashboard lists
 * (tenant, users, roles, settings and features, branding, clients, partner apps, SMTP, subscriptions, transactions).
 * The tenant-features route opens on the settings, where the features are switched. `sections`
 * are the other features' tabs (partner apps, subscriptions, transactions), as on the tenant detail.
 */
export default function OwnTenantRoute({ sections }: OwnTenantRouteProps) {
  const me = useCurrentUser();
  const { pathname } = useLocation();
  const tenantId = me.data?.tenant.id;
  if (!tenantId) return <PageLoader />;
  const features = /\/tenant-features\/?$/.test(pathname);
  return <TenantDetailScreen key={tenantId} tenantId={tenantId} initialSection={features ? 'settings' : 'tenant'} extraSections={sections} />;
}
