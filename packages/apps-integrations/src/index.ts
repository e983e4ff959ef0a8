export { AppAuthorizationGate } from './components/app-authorization-gate';
export type { AppAuthorizationGateProps, AuthorizingApp } from './components/app-authorization-gate';
export { appsIntegrationsRoutes, appsIntegrationsTenantSections, type AppsIntegrationsTenantSection } from './routes';
export { E2eeAppCard, type E2eeAppCardProps } from './components/e2ee-app-card';
export { AppsScreen, type AppsScreenProps } from './components/apps-screen';
