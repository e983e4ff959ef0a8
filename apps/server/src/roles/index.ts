export { rolesHandlers } from './handlers.ts';
export { listTenantRoles } from './service.ts';
