export { tenantsHandlers } from './handlers.ts';
export { insertTenant, type InsertedTenant, type NewDevClient, type NewTenantInput, type NewTenantUser } from './insert-tenant.ts';
