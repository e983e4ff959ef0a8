export { tenantsHandlers } from './handlers.ts';
