// Public API of @portal/tenants: what the portal composes.
export { tenantsRoutes, type TenantDetailExtraSection, type TenantsRoutesOptions } from './routes';
