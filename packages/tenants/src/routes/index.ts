export { tenantsNavTitles } from './nav-titles';
export { tenantsRoutes } from './tenants-routes';
