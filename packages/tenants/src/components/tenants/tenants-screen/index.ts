export { TENANTS_PATH, TenantsScreen, tenantPath } from './tenants-screen';
