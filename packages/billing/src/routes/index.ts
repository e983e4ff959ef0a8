export { billingRoutes, billingSignInFlows } from './billing-routes';
export { billingTenantSections, type BillingTenantSection } from './billing-tenant-sections';
