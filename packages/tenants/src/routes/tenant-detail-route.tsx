import { useParams } from 'react-router';
import { TenantDetailScreen } from '../components/tenants/tenant-detail-screen';

/** Lazy route module of `/portal/Tenant/:tenantUuid`. */
export default function TenantDetailRoute() {
  const { tenantUuid = '' } = useParams();
  // A fresh screen per tenant, so one tenant's forms never show another's values.
  return <TenantDetailScreen key={tenantUuid} tenantId={tenantUuid} />;
}
