export { appsIntegrationsRoutes } from './apps-integrations-routes';
