export { tenantsRoutes } from './tenants-routes';
