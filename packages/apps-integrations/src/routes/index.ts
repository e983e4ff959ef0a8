export { appsIntegrationsRoutes, appsIntegrationsSignInFlows } from './apps-integrations-routes';
export { appsIntegrationsTenantSections, type AppsIntegrationsTenantSection } from './apps-integrations-tenant-sections';
