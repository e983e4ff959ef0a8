export { tenantsRoutes, type TenantsRoutesOptions } from './tenants-routes';
export type { TenantDetailExtraSection } from '../components/tenants/tenant-detail-screen';
