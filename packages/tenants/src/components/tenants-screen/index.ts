export { TenantsScreen } from './tenants-screen';
