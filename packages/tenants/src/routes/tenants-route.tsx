import { TenantsScreen } from '../components/tenants-screen';

/** Lazy route module of `/portal/tenant`. */
export default function TenantsRoute() {
  return <TenantsScreen />;
}
