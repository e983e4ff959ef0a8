export { tenantsRoutes, type TenantsRoutesOptions } from './tenants-routes';
export type { TenantDetailExtraSection } from '../components/tenant-detail-screen';
