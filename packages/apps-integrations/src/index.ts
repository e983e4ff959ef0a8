export { AppAuthorizationGate } from './components/app-authorization-gate';
export type { AppAuthorizationGateProps, AuthorizingApp } from './components/app-authorization-gate';
export { appsIntegrationsRoutes, appsIntegrationsTenantSections, type AppsIntegrationsTenantSection } from './routes';
