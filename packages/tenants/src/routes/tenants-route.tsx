import { TenantsScreen } from '../components/tenants/tenants-screen';

/** Lazy route module of `/portal/tenant`. */
export default function TenantsRoute() {
  return <TenantsScreen />;
}
