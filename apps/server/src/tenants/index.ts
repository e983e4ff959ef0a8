export { tenantsHandlers } from './handlers.ts';
export { insertTenant, type InsertedTenant, type NewDevClient, type NewTenantInput, type NewTenantUser } from './insert-tenant.ts';
export { parseBrandImageFile, readBrandImage } from './brand-images.ts';
export { tenantDefaultLanguage } from './language.ts';
export { tenancyHandlers } from './tenant-info-handlers.ts';
