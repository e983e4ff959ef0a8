export { rolesHandlers } from './handlers.ts';
