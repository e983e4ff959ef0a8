import { useParams } from 'react-router';
import { TenantDetailScreen, type TenantDetailExtraSection } from '../components/tenant-detail-screen';

export type TenantDetailRouteProps = { sections?: readonly TenantDetailExtraSection[] };

/** Lazy route module of `/portal/Tenant/:tenantUuid`; `sections` are the other features' tabs. */
export default function TenantDetailRoute({ sections }: TenantDetailRouteProps) {
  const { tenantUuid = '' } = useParams();
  // A fresh screen per tenant, so one tenant's forms never show another's values.
  return <TenantDetailScreen key={tenantUuid} tenantId={tenantUuid} extraSections={sections} />;
}
