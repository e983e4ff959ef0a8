// Public API of @portal/tenants: what the portal composes.
export { tenantsRoutes } from './routes';
